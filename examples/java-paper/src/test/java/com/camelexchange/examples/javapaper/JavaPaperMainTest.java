package com.camelexchange.examples.javapaper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The plain Java program, run as a user runs it: no Camel on its class path (the build refuses any Camel artifact
 * for this module), its paper orders on the paper exchange and none on the live service, and its backtest to the
 * end of the recording with the summary line.
 */
class JavaPaperMainTest {

    @TempDir
    Path dir;

    @Test
    void nothingOfCamelIsOnTheClassPath() {
        assertThatThrownBy(() -> Class.forName("org.apache.camel.CamelContext"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("com.camelexchange.component.ExchangeComponent"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void paperTradesOnTheLiveMarketWithoutSigningAnythingThere() throws Exception {
        JavaPaperMain.PaperOutcome outcome = JavaPaperMain.paperTrade(dir.resolve("report"), 3, quiet());

        assertThat(outcome.summary()).as("the paper account's orders").matches("orders=[1-9]\\d* fills=\\d+ .*");
        assertThat(outcome.signedAtLive()).as("signed requests the live service saw").isZero();
        assertThat(dir.resolve("report").resolve("paper-report.txt")).exists();
    }

    @Test
    void backtestsARecordingToItsEndWithTheSummaryLine() throws Exception {
        Path recording = dir.resolve("market.jsonl");
        MarketRecorder.Recorded recorded = new MarketRecorder(JavaPaperMain.SEED).record(recording, 20_000);

        String line = JavaPaperMain.backtest(recording, dir.resolve("backtest-report"), quiet());

        assertThat(line).matches("backtest: events=" + recorded.events() + " seconds=[0-9.]+ eventsPerSecond=\\d+"
                                 + " orders=[1-9]\\d* fills=[1-9]\\d* fees=[0-9.]+ pnl=-?[0-9.]+");
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
