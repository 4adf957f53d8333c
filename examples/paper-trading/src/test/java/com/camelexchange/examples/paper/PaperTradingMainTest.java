package com.camelexchange.examples.paper;

import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the example as its README does and reads back what it printed and wrote. */
class PaperTradingMainTest {

    @TempDir
    Path dir;

    @Test
    void tradesOnPaperRecordsReplaysAndReports() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PaperTradingMain.Outcome outcome = PaperTradingMain.run(dir,
                new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(120), 2, 10);
        String printed = bytes.toString(StandardCharsets.UTF_8);

        assertThat(printed.strip().lines().reduce((a, b) -> b).orElseThrow()).as("the last line")
                .matches("paper: orders=\\d+ fills=\\d+ fees=-?[0-9.]+ pnl=-?[0-9.]+ upstreamSigned=0");
        assertThat(outcome.upstreamSigned()).as("counted by the stand-in live service").isZero();
        assertThat(fills(outcome.paperSummary())).as("the run ends once orders were filled").isGreaterThanOrEqualTo(2);
        assertThat(printed).contains("paper event: NEW").contains("paper event: CANCELLED")
                .contains("replay: orders=");
        for (Path picture : new Path[] {outcome.paperPicture(), outcome.replayPicture()}) {
            assertThat(ImageIO.read(picture.toFile())).as(picture.toString()).isNotNull();
        }
        try (RecordingReader reader = RecordingReader.open(outcome.recording())) {
            assertThat(reader.next().kind()).isEqualTo(MarketEvent.Kind.MARKETS);
        }
    }

    private static int fills(String summary) {
        return Integer.parseInt(summary.replaceAll(".*fills=(\\d+).*", "$1"));
    }
}
