package com.camelexchange.paper;

import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingFormatException;
import com.camelexchange.simulator.replay.RecordingWriter;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static com.camelexchange.paper.BacktestFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A backtest on generated recordings: recorded trades, and somewhere among them maybe one hostile line (a byte that is
 * not UTF-8, a line cut short, a value of the wrong type, a key given twice) or a line of a market the recording does
 * not name. The guide's rules, asserted exactly: a line that cannot be read stops the run at that line, naming it, after
 * every trade before it was applied and delivered in order, and the market as the routes read it stands at the last of
 * them (nothing moved on the bad line); a line of an unnamed market is skipped and the run goes on to the end. Nothing
 * is logged with a stack trace. Runs the default tries of {@code junit-platform.properties} from a fixed seed.
 */
class BacktestRecordingPropertiesTest {
    private Path dir;

    /** A recording: its trades, and where one odd line goes among them (-1: none) and what it is. */
    record Recording(int trades, int oddAt, String odd) {
    }

    @BeforeProperty
    void makeDirectory() throws IOException {
        dir = Files.createTempDirectory("backtest-properties");
    }

    @AfterProperty
    void removeDirectory() throws IOException {
        try (var files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(dir);
    }

    @Property(seed = "20261129")
    void aBadLineStopsTheBacktestAtItsLineAndNothingMovesOnIt(@ForAll("recordings") Recording recording)
            throws Exception {
        Path file = write(recording);
        boolean stops = recording.oddAt() >= 0 && !recording.odd().equals("unnamed market");
        // Line 1 names the markets; trade i (from 1) is on line i + 1, or i + 2 after the odd line.
        int applied = stops ? recording.oddAt() : recording.trades();
        long badLine = recording.oddAt() + 2L;

        if (stops && recording.oddAt() == 0) {
            // The first line of market data is read as the recording is opened: the start fails, naming it.
            assertThatThrownBy(() -> BacktestRun.open(file)).isInstanceOf(RecordingFormatException.class)
                    .hasMessageStartingWith("Recording line 2: ");
            return;
        }
        List<Long> delivered = new CopyOnWriteArrayList<>();
        BacktestRun run = BacktestRun.open(file);
        CapturedLog log;
        try {
            run.deliver(BTC, Backtest.Data.TRADES, model -> delivered.add(((Trade) model).tid()));
            CountDownLatch ended = new CountDownLatch(1);
            log = CapturedLog.of(() -> {
                run.start(null, () -> true, ended::countDown);
                assertThat(ended.await(30, TimeUnit.SECONDS)).as("the run ended").isTrue();
            });
        } finally {
            run.close();
        }
        List<Long> expected = new ArrayList<>();
        for (long tid = 1; tid <= applied; tid++) {
            expected.add(tid);
        }
        assertThat(delivered).as("every trade before it, once, in order").isEqualTo(expected);
        if (applied > 0) {
            List<Trade> kept = run.marketData().trades(BTC, null);
            assertThat(kept.get(kept.size() - 1).tid()).as("the market stands at the last trade applied")
                    .isEqualTo(applied);
        }
        if (stops) {
            assertThat(run.state()).isEqualTo(Backtest.State.FAILED);
            assertThat(run.failure()).as(log.toString())
                    .startsWith("The backtest stopped at line " + badLine + " of " + file + ": Recording line "
                                + badLine + ": ");
        } else {
            assertThat(run.state()).as(String.valueOf(run.failure())).isEqualTo(Backtest.State.FINISHED);
        }
        assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
    }

    @Provide
    Arbitrary<Recording> recordings() {
        Arbitrary<Integer> trades = Arbitraries.integers().between(0, 600);
        return trades.flatMap(n -> Combinators.combine(Arbitraries.integers().between(-1, n),
                Arbitraries.of("not UTF-8", "cut", "wrong type", "duplicate key", "unnamed market"))
                .as((at, odd) -> new Recording(n, at, odd)));
    }

    private Path write(Recording recording) throws IOException {
        StringWriter text = new StringWriter();
        try (RecordingWriter out = new RecordingWriter(text)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("100")))));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes(text.toString().getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i <= recording.trades(); i++) {
            if (i == recording.oddAt()) {
                bytes.writeBytes(odd(recording.odd(), i));
                bytes.write('\n');
            }
            if (i < recording.trades()) {
                bytes.writeBytes(tradeLine(i + 1, BTC).getBytes(StandardCharsets.UTF_8));
                bytes.write('\n');
            }
        }
        Path file = Files.createTempFile(dir, "recording", ".jsonl");
        Files.write(file, bytes.toByteArray());
        return file;
    }

    private static String tradeLine(long tid, String market) {
        Instant at = T0.plusSeconds(tid);
        StringWriter line = new StringWriter();
        try (RecordingWriter out = new RecordingWriter(line)) {
            out.write(new MarketEvent.Trade(at, market, tid, at, new BigDecimal("100.5"), new BigDecimal("0.01"),
                    Side.SELL));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return line.toString().strip();
    }

    /** The odd line in place of trade {@code i + 1}, as its bytes. */
    private static byte[] odd(String what, int i) {
        String good = tradeLine(i + 1, BTC);
        return switch (what) {
            case "not UTF-8" -> {
                byte[] line = good.getBytes(StandardCharsets.UTF_8);
                line[i % line.length] = (byte) 0xff;
                yield line;
            }
            case "cut" -> good.substring(0, 1 + i % (good.length() - 1)).getBytes(StandardCharsets.UTF_8);
            case "wrong type" -> good.replace("\"tid\":" + (i + 1), "\"tid\":[" + (i + 1) + "]")
                    .getBytes(StandardCharsets.UTF_8);
            case "duplicate key" -> good.replace("\"kind\":\"trade\"", "\"kind\":\"trade\",\"kind\":\"trade\"")
                    .getBytes(StandardCharsets.UTF_8);
            default -> tradeLine(i + 1, "made_" + i + "_up").getBytes(StandardCharsets.UTF_8);
        };
    }
}
