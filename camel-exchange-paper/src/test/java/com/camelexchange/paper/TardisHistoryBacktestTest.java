package com.camelexchange.paper;

import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import com.camelexchange.simulator.replay.TardisWriter;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Routes backtested on Tardis.dev CSV history through the component ({@code replayFrom} a directory of the files,
 * {@code replayMarkets} their symbols' markets): a recording written out as Tardis CSV and replayed from it gives the
 * summary line and the report of the recording itself; a bad row ends the backtest at its file and line.
 */
class TardisHistoryBacktestTest {
    @TempDir
    Path dir;

    @Test
    void aRecordingWrittenAsTardisCsvBacktestsToTheSameSummaryAndReport() throws Exception {
        Path recording = recording(dir.resolve("recording.jsonl"), 240);
        TardisWriter.Written written = TardisWriter.write(recording, dir.resolve("tardis"),
                TardisWriter.Options.defaults());
        assertThat(written.files()).extracting(p -> p.getFileName().toString()).containsExactlyInAnyOrder(
                "camel-exchange_trades_2024-01-01_BTCUSDT.csv.gz",
                "camel-exchange_book_snapshot_25_2024-01-01_BTCUSDT.csv.gz",
                "camel-exchange_trades_2024-01-02_BTCUSDT.csv.gz",
                "camel-exchange_book_snapshot_25_2024-01-02_BTCUSDT.csv.gz");
        assertThat(written.replayMarkets()).isEqualTo("BTCUSDT=btc_usdt:2:4:0.0001:1");

        String original = summary(recording, dir.resolve("original"), component -> { });
        String replayed = summary(dir.resolve("tardis"), dir.resolve("replayed"),
                component -> component.setReplayMarkets(written.replayMarkets()));

        assertThat(BacktestFixture.fills(BacktestFixture.report(dir.resolve("original")))).hasSizeGreaterThan(20);
        assertThat(withoutWallTime(replayed)).isEqualTo(withoutWallTime(original)).contains("events=480 ");
        assertThat(BacktestFixture.report(dir.resolve("replayed")))
                .isEqualTo(BacktestFixture.report(dir.resolve("original")));
    }

    @Test
    void aBadRowEndsTheBacktestAtItsFileAndLine() throws Exception {
        Path recording = recording(dir.resolve("recording.jsonl"), 20);
        TardisWriter.Written written = TardisWriter.write(recording, dir.resolve("tardis"),
                new TardisWriter.Options("camel-exchange", 1, false, false));
        Path trades = dir.resolve("tardis").resolve("camel-exchange_trades_2024-01-01_BTCUSDT.csv");
        List<String> lines = Files.readAllLines(trades, StandardCharsets.UTF_8);
        lines.set(11, lines.get(11).replace(",0.01", ",-0.01"));
        Files.write(trades, lines, StandardCharsets.UTF_8);
        AtomicInteger seen = new AtomicInteger();

        CapturedLog log = CapturedLog.of(() -> {
            DefaultCamelContext context = BacktestFixture.run(dir.resolve("tardis"), dir.resolve("report"), null,
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("exchange:trades?market=" + BTC + "&streaming=true")
                                    .process(e -> seen.incrementAndGet());
                        }
                    }, component -> component.setReplayMarkets(written.replayMarkets()));
            assertThat(context.isStopped()).isTrue();
        });

        assertThat(seen).as("the trades of lines 2 to 11").hasValue(10);
        assertThat(log.lines("ERROR", BacktestRun.class)).singleElement().asString()
                .contains("The backtest stopped at line 12 of " + trades)
                .contains("line 12 column amount: must be above 0");
        assertThat(log.hasStackTrace()).isFalse();
    }

    @Test
    void historyWithoutTheMarketsOfItsSymbolsFailsTheStartSayingHowToGiveThem() throws Exception {
        Path recording = recording(dir.resolve("recording.jsonl"), 2);
        TardisWriter.write(recording, dir.resolve("tardis"), TardisWriter.Options.defaults());

        assertThatThrownBy(() -> BacktestFixture.run(dir.resolve("tardis"), dir.resolve("report"), null, strategy(),
                component -> { })).hasStackTraceContaining("BTCUSDT=btc_usdt");
        assertThatThrownBy(() -> BacktestFixture.run(recording, dir.resolve("report"), null, strategy(),
                component -> component.setReplayMarkets("BTCUSDT=btc_usdt")))
                .hasStackTraceContaining("is a recording, whose markets are in it");
    }

    /** The summary line the backtest logs at its end. */
    private String summary(Path history, Path reportTo, Consumer<ExchangeComponent> options) throws Exception {
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(history, reportTo, null, strategy(), options));
        return log.lines("INFO", BacktestSummary.class).stream().filter(l -> l.contains("backtest: ")).findFirst()
                .map(l -> l.substring(l.indexOf("backtest: "))).orElseThrow();
    }

    private static String withoutWallTime(String summary) {
        return summary.replaceAll(" seconds=\\S+ eventsPerSecond=\\S+", "");
    }

    /**
     * {@code seconds} seconds of btc_usdt across midnight (one Tardis file a day), each a book of three levels a side
     * and a trade at the same time, in the order the simulator's market records them: the book, then the trade.
     */
    static Path recording(Path file, int seconds) throws IOException {
        Instant start = Instant.parse("2024-01-01T23:59:00Z");
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(start, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("100")))));
            for (int i = 0; i < seconds; i++) {
                Instant at = start.plusSeconds(i);
                BigDecimal mid = BigDecimal.valueOf(10_000 + (i % 17) * 25 - (i % 5) * 40L, 2);
                List<PriceLevel> asks = List.of(new PriceLevel(mid.add(BigDecimal.ONE), new BigDecimal("0.5")),
                        new PriceLevel(mid.add(BigDecimal.valueOf(2)), BigDecimal.ONE),
                        new PriceLevel(mid.add(BigDecimal.TEN), new BigDecimal("2.5")));
                List<PriceLevel> bids = List.of(new PriceLevel(mid.subtract(BigDecimal.ONE), new BigDecimal("0.4")),
                        new PriceLevel(mid.subtract(BigDecimal.valueOf(2)), BigDecimal.ONE),
                        new PriceLevel(mid.subtract(BigDecimal.TEN), new BigDecimal("3")));
                out.write(new MarketEvent.Depth(at, BTC, asks, bids, at.minusMillis(3)));
                out.write(new MarketEvent.Trade(at, BTC, i + 1, at.minusMillis(2), mid, new BigDecimal("0.01"),
                        i % 3 == 0 ? Side.BUY : Side.SELL));
            }
        }
        return file;
    }

    /** As {@code BacktestDeterminismTest}'s: takers through the book and makers the tape fills later. */
    private static RouteBuilder strategy() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true").routeId("strategy")
                        .process(e -> e.getMessage().setBody(
                                BacktestFixture.takerOrMaker(e.getMessage().getBody(Trade.class))))
                        .filter(body().isNotNull())
                        .to("exchange:order");
            }
        };
    }
}
