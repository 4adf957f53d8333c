package com.camelexchange.paper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36, defect 3: a backtest under Camel Main with {@code camel.main.duration-max-idle-seconds} set printed its
 * summary and Camel's shutdown lines, then the JVM stayed up on Main's idle watch, not a daemon thread, until killed.
 * A user's application runs in a JVM of its own here, as a user runs it, and its JVM must end by itself, with every
 * option of Main's end set far beyond the test's ceiling so that only the backtest's end can end it.
 */
class BacktestMainEndTest {
    /** A ceiling for the child JVM's whole life, start to end: it ends in a few seconds. */
    private static final long CEILING_SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void aBacktestUnderCamelMainWithAnIdleLimitEndsItsJvm() throws Exception {
        String output = runToTheEnd("camel.main.duration-max-idle-seconds=3600");
        assertThat(output).contains("backtest: events=30 ").contains("main.run() returned");
    }

    @Test
    void aBacktestUnderCamelMainWithEveryDurationLimitEndsItsJvm() throws Exception {
        String output = runToTheEnd("camel.main.duration-max-idle-seconds=3600",
                "camel.main.duration-max-seconds=3600", "camel.main.duration-max-messages=1000000");
        assertThat(output).contains("backtest: events=30 ").contains("main.run() returned");
    }

    /** Runs the application in a JVM of its own; returns its output once the JVM ended, within the ceiling. */
    private String runToTheEnd(String... mainOptions) throws IOException, InterruptedException {
        Path recording = BacktestFixture.recording(dir, 10);
        Path log = dir.resolve("application.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), BacktestMainApplication.class.getName(),
                recording.toString(), dir.resolve("report").toString()));
        command.addAll(List.of(mainOptions));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .directory(new File(System.getProperty("user.dir"))).start();
        try {
            boolean ended = process.waitFor(CEILING_SECONDS, TimeUnit.SECONDS);
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(ended).as("the JVM ended by itself within %d s; its output:%n%s", CEILING_SECONDS, output)
                    .isTrue();
            assertThat(process.exitValue()).as(output).isZero();
            return output;
        } finally {
            process.destroyForcibly();
        }
    }
}
