package com.camelexchange.paper;

import com.camelexchange.client.model.Trade;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A recording that cannot be read: missing, the context does not start and says which file; broken at a line, the
 * backtest stops there, says so in one line without a stack trace, and still ends the application with its
 * summary line and report.
 */
class BacktestBadRecordingTest {
    @TempDir
    Path dir;

    @Test
    void aMissingRecordingFailsTheStartNamingTheFile() {
        Path missing = dir.resolve("missing.jsonl");
        assertThatThrownBy(() -> BacktestFixture.run(missing, dir.resolve("report"), "http://127.0.0.1:9",
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true").log("never");
                    }
                }, component -> { }))
                .hasStackTraceContaining("Cannot run a backtest on " + missing);
    }

    @Test
    void aBrokenLineEndsTheBacktestThereAndTheApplicationWithIt() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        Files.writeString(recording, "{\"at\":\"2024-01-01T00:00:10Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\","
                                     + "\"data\":{\"price\":\"not a number\"}}\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        AtomicInteger trades = new AtomicInteger();
        CapturedLog log = CapturedLog.of(() -> {
            DefaultCamelContext context = BacktestFixture.run(recording, dir.resolve("report"), "http://127.0.0.1:9",
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("exchange:trades?market=" + BTC + "&streaming=true")
                                    .process(e -> trades.incrementAndGet());
                        }
                    }, component -> { });
            assertThat(context.isStopped()).isTrue();
        });
        assertThat(trades).hasValue(10);
        List<String> errors = log.lines("ERROR", BacktestRun.class);
        assertThat(errors).hasSize(1);
        assertThat(errors.get(0)).contains("The backtest stopped at line 32 of " + recording);
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("backtest: events=30 ")
                && l.endsWith("(stopped before the end of the recording)"));
        assertThat(log.hasStackTrace()).isFalse();
        assertThat(Files.exists(dir.resolve("report").resolve(PaperReport.TEXT))).isTrue();
    }

    /**
     * Issue 36: a byte that is not UTF-8 on line 102 was reported as "line 82: Input length = 1", and the good lines
     * before it were not applied (the file was decoded ahead of the split into lines). Now the run stops at line 102,
     * says why, and every line before it was applied and delivered, in order: the trades and tickers of seconds 0 to
     * 32; the ticker of second 33, line 102, is not.
     */
    @Test
    void aByteThatIsNotUtf8StopsTheBacktestAtItsOwnLineAfterEveryLineBeforeIt() throws Exception {
        Path recording = BacktestFixture.recording(dir, 40);
        List<byte[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(recording, StandardCharsets.UTF_8)) {
            lines.add(line.getBytes(StandardCharsets.UTF_8));
        }
        byte[] ticker = lines.get(101);
        assertThat(new String(ticker, StandardCharsets.UTF_8)).contains("\"kind\":\"ticker\"");
        byte[] broken = Arrays.copyOf(ticker, ticker.length + 1);
        broken[broken.length - 1] = broken[broken.length - 2];
        broken[broken.length - 2] = (byte) 0xff;
        lines.set(101, broken);
        try (var out = Files.newOutputStream(recording)) {
            for (byte[] line : lines) {
                out.write(line);
                out.write('\n');
            }
        }
        List<Long> trades = new CopyOnWriteArrayList<>();
        AtomicInteger tickers = new AtomicInteger();
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"), null,
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true")
                                .process(e -> trades.add(e.getMessage().getBody(Trade.class).tid()));
                        from("exchange:ticker?market=" + BTC + "&streaming=true")
                                .process(e -> tickers.incrementAndGet());
                    }
                }, component -> { }));
        assertThat(trades).as("every trade before line 102, in order").isEqualTo(
                LongStream.rangeClosed(1, 33).boxed().toList());
        assertThat(tickers).as("the tickers of seconds 0 to 32, not line 102's").hasValue(33);
        List<String> errors = log.lines("ERROR", BacktestRun.class);
        assertThat(errors).as(log.toString()).singleElement().asString()
                .contains("The backtest stopped at line 102 of " + recording).contains("line 102: not UTF-8");
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("backtest: events=100 "));
        assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
    }

    /**
     * A line of a market the recording's markets lines do not name is skipped and counted, as a replay skips it: it
     * tells nothing of the markets the routes trade, and nothing of it is kept. The run goes on to the end.
     */
    @Test
    void aLineOfAMarketTheRecordingNeverNamedIsSkippedAndTheRunGoesOn() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        List<String> lines = new ArrayList<>(Files.readAllLines(recording, StandardCharsets.UTF_8));
        lines.add(16, "{\"at\":\"2024-01-01T00:00:05Z\",\"kind\":\"trade\",\"market\":\"made_up\","
                      + "\"data\":{\"market\":\"made_up\",\"tid\":11,\"date\":\"2024-01-01T00:00:05Z\","
                      + "\"price\":\"100\",\"amount\":\"0.01\",\"takerSide\":\"BUY\"}}");
        Files.write(recording, lines, StandardCharsets.UTF_8);
        AtomicInteger trades = new AtomicInteger();
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"), null,
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true")
                                .process(e -> trades.incrementAndGet());
                    }
                }, component -> { }));
        assertThat(trades).as("every trade of btc_usdt, before and after it").hasValue(10);
        assertThat(log.lines("ERROR", BacktestRun.class)).as(log.toString()).isEmpty();
        List<String> warnings = log.lines("WARN", BacktestRun.class);
        assertThat(warnings).as(log.toString()).hasSize(2);
        assertThat(warnings.get(0)).contains("skips line 17 of " + recording).contains("'made_up'");
        assertThat(warnings.get(1)).contains("skipped 1 line(s)");
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("backtest: events=30 ")
                && !l.contains("stopped before"));
        assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
    }
}
