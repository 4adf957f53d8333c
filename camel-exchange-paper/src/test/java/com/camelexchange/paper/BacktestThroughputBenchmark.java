package com.camelexchange.paper;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingReader;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import static com.camelexchange.paper.BacktestFixture.BTC;

/**
 * A first measure of a backtest's speed, printed, not asserted (the build does not run it: its name is no test's):
 * market data only, a trades, a depth and a ticker consumer each counting, beside the floor of reading and parsing
 * the same file with the simulator's {@code RecordingReader} alone. Run it with
 * {@code -Dtest=BacktestThroughputBenchmark -Dbacktest.events=300000}.
 */
class BacktestThroughputBenchmark {
    @TempDir
    Path dir;

    @Test
    void marketDataOnly() throws Exception {
        int events = Integer.getInteger("backtest.events", 300_000);
        Path recording = write(dir.resolve("bench.jsonl"), events / 3);
        System.out.printf(Locale.ROOT, "recording: %d events, %d MB%n", events, Files.size(recording) >> 20);
        for (int round = 1; round <= 3; round++) {
            long floorStart = System.nanoTime();
            long read = 0;
            try (RecordingReader reader = RecordingReader.open(recording)) {
                while (reader.next() != null) {
                    read++;
                }
            }
            double floor = read / ((System.nanoTime() - floorStart) / 1e9);
            double jackson = jacksonIntoModels(recording);
            AtomicLong trades = new AtomicLong();
            AtomicLong books = new AtomicLong();
            AtomicLong tickers = new AtomicLong();
            long start = System.nanoTime();
            BacktestFixture.run(recording, dir.resolve("report-" + round), "http://127.0.0.1:9", new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + BTC + "&streaming=true").process(e -> trades.incrementAndGet());
                    from("exchange:depth?market=" + BTC + "&streaming=true").process(e -> books.incrementAndGet());
                    from("exchange:ticker?market=" + BTC + "&streaming=true").process(e -> tickers.incrementAndGet());
                }
            }, component -> { });
            double seconds = (System.nanoTime() - start) / 1e9;
            Runtime runtime = Runtime.getRuntime();
            System.out.printf(Locale.ROOT, "round %d: floor (Jackson into the models alone) %.0f events/s, (RecordingReader"
                                           + " alone) %.0f events/s; backtest with three"
                                           + " counting consumers, context start and stop included, %.0f events/s"
                                           + " (delivered %d trades, %d books, %d tickers); heap used %d MB%n",
                    round, jackson, floor, read / seconds, trades.get(), books.get(), tickers.get(),
                    (runtime.totalMemory() - runtime.freeMemory()) >> 20);
        }
    }

    /** The same, with a strategy route placing a crossing order of 0.001 btc on every 33rd trade (every 99th event). */
    @Test
    void withAStrategy() throws Exception {
        int events = Integer.getInteger("backtest.events", 300_000);
        Path recording = write(dir.resolve("bench.jsonl"), events / 3);
        for (int round = 1; round <= 2; round++) {
            AtomicLong counted = new AtomicLong();
            long start = System.nanoTime();
            BacktestFixture.run(recording, dir.resolve("report-" + round), "http://127.0.0.1:9", new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + BTC + "&streaming=true")
                            .filter(e -> e.getMessage().getBody(com.camelexchange.client.model.Trade.class).tid() % 33
                                         == 0)
                            .setBody(e -> {
                                var trade = e.getMessage().getBody(com.camelexchange.client.model.Trade.class);
                                boolean buy = trade.tid() % 66 == 0;
                                return com.camelexchange.client.model.OrderRequest.limit(BTC,
                                        buy ? com.camelexchange.client.model.OrderSide.BUY
                                                : com.camelexchange.client.model.OrderSide.SELL,
                                        (buy ? trade.price().add(BigDecimal.TEN) : trade.price()
                                                .subtract(BigDecimal.TEN)).toPlainString(), "0.001");
                            })
                            .to("exchange:order");
                    from("exchange:depth?market=" + BTC + "&streaming=true").process(e -> counted.incrementAndGet());
                    from("exchange:ticker?market=" + BTC + "&streaming=true").process(e -> counted.incrementAndGet());
                }
            }, component -> { });
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "strategy round %d: %.0f events/s, context start and stop included%n",
                    round, events / seconds);
        }
    }

    /** Each line read with Jackson and its data bound to the component's model of its kind: the least any read does. */
    private static double jacksonIntoModels(Path recording) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
                .findAndRegisterModules();
        long start = System.nanoTime();
        long lines = 0;
        try (java.io.BufferedReader in = Files.newBufferedReader(recording)) {
            String line;
            while ((line = in.readLine()) != null) {
                com.fasterxml.jackson.databind.JsonNode node = mapper.readTree(line);
                Class<?> model = switch (node.get("kind").asText()) {
                    case "trade" -> com.camelexchange.client.model.Trade.class;
                    case "depth" -> com.camelexchange.client.model.Depth.class;
                    case "ticker" -> com.camelexchange.client.model.Ticker.class;
                    default -> null;
                };
                if (model != null) {
                    mapper.treeToValue(node.get("data"), model);
                    lines++;
                }
            }
        }
        return lines / ((System.nanoTime() - start) / 1e9);
    }

    /** {@code seconds} seconds of btc_usdt: each a book of 10 levels a side, a ticker and a trade. */
    private static Path write(Path file, int seconds) throws Exception {
        Instant t0 = BacktestFixture.T0;
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(t0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("30000")))));
            for (int i = 0; i < seconds; i++) {
                Instant at = t0.plusSeconds(i);
                BigDecimal mid = BigDecimal.valueOf(30_000_00L + (i % 1000) * 7L, 2);
                List<PriceLevel> asks = new ArrayList<>();
                List<PriceLevel> bids = new ArrayList<>();
                for (int level = 1; level <= 10; level++) {
                    BigDecimal step = BigDecimal.valueOf(level, 1);
                    asks.add(new PriceLevel(mid.add(step), new BigDecimal("0.5")));
                    bids.add(new PriceLevel(mid.subtract(step), new BigDecimal("0.5")));
                }
                out.write(new MarketEvent.Depth(at, BTC, asks, bids, at));
                out.write(new MarketEvent.Ticker(at, BTC, mid.add(BigDecimal.TEN), mid.subtract(BigDecimal.TEN),
                        mid.subtract(BigDecimal.ONE), mid.add(BigDecimal.ONE), mid, BigDecimal.TEN, at));
                out.write(new MarketEvent.Trade(at, BTC, i + 1L, at, mid, new BigDecimal("0.01"),
                        i % 2 == 0 ? Side.BUY : Side.SELL));
            }
        }
        return file;
    }
}
