package com.camelexchange.benchmarks;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The backtest section's recording, written with the simulator's {@link RecordingWriter} as {@code recordTo} writes
 * one, and its floor: the same file read and parsed with Jackson into the component's models, nothing else.
 */
final class BacktestRecording {
    static final String MARKET = "btc_usdt";
    /** The first event's time; one recorded second per book, ticker and trade. */
    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

    private BacktestRecording() {
    }

    /**
     * About {@code events} events of btc_usdt ({@code events / 3} seconds): each second a book of 10 levels a side
     * around a mid that moves, a ticker and a trade at the mid (0.01 btc, buyer and seller taking turns).
     */
    static Path write(Path file, long events) throws IOException {
        return write(file, events, i -> BigDecimal.valueOf(30_000_00L + (i % 1000) * 7L, 2));
    }

    /**
     * {@link #write}, with a mid that climbs 0.01 every second and never comes back: a buy at a trade's price is
     * never traded through again and rests to the end, a sell at it fills on the next trade. The resting-orders
     * run's market, where the orders a strategy leaves accumulate as they do on a trending day.
     */
    static Path writeClimbing(Path file, long events) throws IOException {
        return write(file, events, i -> BigDecimal.valueOf(30_000_00L + i, 2));
    }

    private static Path write(Path file, long events, LongFunction<BigDecimal> midAt) throws IOException {
        long seconds = events / 3;
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(MARKET, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("30000")))));
            for (long i = 0; i < seconds; i++) {
                Instant at = T0.plusSeconds(i);
                BigDecimal mid = midAt.apply(i);
                List<PriceLevel> asks = new ArrayList<>();
                List<PriceLevel> bids = new ArrayList<>();
                for (int level = 1; level <= 10; level++) {
                    BigDecimal step = BigDecimal.valueOf(level, 1);
                    asks.add(new PriceLevel(mid.add(step), new BigDecimal("0.5")));
                    bids.add(new PriceLevel(mid.subtract(step), new BigDecimal("0.5")));
                }
                out.write(new MarketEvent.Depth(at, MARKET, asks, bids, at));
                out.write(new MarketEvent.Ticker(at, MARKET, mid.add(BigDecimal.TEN), mid.subtract(BigDecimal.TEN),
                        mid.subtract(BigDecimal.ONE), mid.add(BigDecimal.ONE), mid, BigDecimal.TEN, at));
                out.write(new MarketEvent.Trade(at, MARKET, i + 1L, at, mid, new BigDecimal("0.01"),
                        i % 2 == 0 ? Side.BUY : Side.SELL));
            }
        }
        return file;
    }

    /**
     * The floor: each line read with Jackson and its data bound to the component's model of its kind, the least
     * any read of the file does. Returns the events read (trades, books and tickers).
     */
    static long readIntoModels(Path recording) throws IOException {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules();
        long events = 0;
        try (BufferedReader in = Files.newBufferedReader(recording)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode node = mapper.readTree(line);
                Class<?> model = switch (node.get("kind").asText()) {
                    case "trade" -> Trade.class;
                    case "depth" -> Depth.class;
                    case "ticker" -> Ticker.class;
                    default -> null;
                };
                if (model != null) {
                    mapper.treeToValue(node.get("data"), model);
                    events++;
                }
            }
        }
        return events;
    }
}
