package com.camelexchange.examples.backtest;

import com.camelexchange.examples.javapaper.JavaPaperMain;
import com.camelexchange.paper.PaperReport;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the example as its README does, on a smaller recording, twice: each run prints the backtest's summary line
 * with orders placed and writes the report, and the two reports are the same text.
 */
class BacktestExampleMainTest {
    private static final long EVENTS = 50_000;
    private static final Pattern SUMMARY = Pattern.compile(
            "backtest: events=(\\d+) seconds=[0-9.]+ eventsPerSecond=\\d+ orders=(\\d+) fills=(\\d+) fees=-?[0-9.]+"
                    + " pnl=-?[0-9.]+$", Pattern.MULTILINE);

    @TempDir
    Path dir;

    @Test
    void recordsTheMarketBacktestsTheStrategyAndReportsTheSameTwice() throws Exception {
        Run first = run(dir.resolve("first"));
        Run second = run(dir.resolve("second"));

        Matcher line = SUMMARY.matcher(first.printed);
        assertThat(line.find()).as("the summary line in:%n%s", first.printed).isTrue();
        assertThat(Long.parseLong(line.group(1))).as("every event of the recording applied (the markets line is not one)")
                .isEqualTo(first.outcome.recorded().events());
        assertThat(Integer.parseInt(line.group(2))).as("orders").isPositive();
        assertThat(Integer.parseInt(line.group(3))).as("fills").isPositive();
        assertThat(first.outcome.recorded().events()).isGreaterThanOrEqualTo(EVENTS);
        assertThat(kinds(first.outcome.recorded().file())).containsOnlyKeys(MarketEvent.Kind.MARKETS,
                MarketEvent.Kind.TRADE, MarketEvent.Kind.DEPTH, MarketEvent.Kind.TICKER);
        assertThat(ImageIO.read(first.outcome.reportPicture().toFile())).as("the report's picture").isNotNull();

        assertThat(Files.readString(second.outcome.reportText())).as("the same market and routes, the same report")
                .isEqualTo(Files.readString(first.outcome.reportText()));
        assertThat(second.outcome.recorded().file()).hasSameBinaryContentAs(first.outcome.recorded().file());
    }

    @Test
    void aPlainJavaProgramOfTheSameStrategyOnTheSameRecordingEndsWithTheSameSummaryLine() throws Exception {
        Run camel = run(dir.resolve("camel"));
        Matcher camelLine = SUMMARY.matcher(camel.printed);
        assertThat(camelLine.find()).as("the summary line in:%n%s", camel.printed).isTrue();

        // The client and camel-exchange-paper alone, the same TouchQuoter making the same calls as the route.
        String plain = JavaPaperMain.backtest(camel.outcome.recorded().file(), dir.resolve("plain-report"),
                System.out);

        assertThat(withoutTimes(plain)).as("the plain program's line against the route's")
                .isEqualTo(withoutTimes(camelLine.group()));
        assertThat(dir.resolve("plain-report").resolve(PaperReport.TEXT)).as("and the same report")
                .hasSameTextualContentAs(camel.outcome.reportText());
    }

    /** The line without what the wall's time makes of it. */
    private static String withoutTimes(String line) {
        return line.replaceAll(" seconds=[0-9.]+ eventsPerSecond=\\d+", "");
    }

    private record Run(BacktestMain.Outcome outcome, String printed) {
    }

    /** Runs the example with what it prints and what is logged on standard out (the summary line) captured. */
    private static Run run(Path dir) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream original = System.out;
        PrintStream both = new PrintStream(new Tee(bytes, original), true, StandardCharsets.UTF_8);
        System.setOut(both);
        try {
            BacktestMain.Outcome outcome = BacktestMain.run(dir, EVENTS, both);
            return new Run(outcome, bytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(original);
        }
    }

    private static Map<MarketEvent.Kind, Integer> kinds(Path recording) throws Exception {
        Map<MarketEvent.Kind, Integer> kinds = new EnumMap<>(MarketEvent.Kind.class);
        try (RecordingReader reader = RecordingReader.open(recording)) {
            for (MarketEvent event = reader.next(); event != null; event = reader.next()) {
                kinds.merge(event.kind(), 1, Integer::sum);
            }
        }
        return kinds;
    }

    /** Writes to the capture and on to the console. */
    private static final class Tee extends OutputStream {
        private final OutputStream capture;
        private final OutputStream console;

        Tee(OutputStream capture, OutputStream console) {
            this.capture = capture;
            this.console = console;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            capture.write(b);
            console.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            capture.write(b, off, len);
            console.write(b, off, len);
        }
    }
}
