package com.camelexchange.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** A worker process runs on the serial collector, unless the JVM's options already name one. */
class LocalWorkersTest {
    @TempDir
    Path dir;

    @Test
    void aWorkerRunsOnTheSerialCollector() throws Exception {
        assumeFalse(LocalWorkers.namesCollector(System.getenv("JAVA_TOOL_OPTIONS"))
                    || LocalWorkers.namesCollector(System.getenv("JDK_JAVA_OPTIONS")), "this JVM's options name one");
        Path recording = SmallRecording.write(dir.resolve("market.jsonl"), 60);
        SweepSettings settings = SweepSettings.parse(SweepFixture.args("run", recording,
                dir.resolve("results"), "--workers", "2"), Map.of());
        List<String> command = LocalWorkers.start(settings, 1).command();
        assertThat(command).contains(LocalWorkers.SERIAL_GC);
        assertThat(command.indexOf(LocalWorkers.SERIAL_GC)).as("a JVM option, before the class")
                .isLessThan(command.indexOf(SweepMain.class.getName()));
    }

    @Test
    void aCollectorNamedInTheOptionsIsKept() {
        assertThat(LocalWorkers.namesCollector("-Xmx2g -XX:+UseG1GC")).isTrue();
        assertThat(LocalWorkers.namesCollector("-XX:+UseParallelGC")).isTrue();
        assertThat(LocalWorkers.namesCollector("-XX:+UseCompressedOops -Xss1m")).isFalse();
        assertThat(LocalWorkers.namesCollector(null)).isFalse();
    }
}
