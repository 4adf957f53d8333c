package com.camelexchange.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class SweepOneWorkerTest {
    @TempDir
    Path dir;

    @Test
    void oneWorkerRunsEveryPointAndTheMergeSortsThem() throws Exception {
        Path recording = SmallRecording.write(dir.resolve("market.jsonl"), SweepFixture.SECONDS);
        Path results = dir.resolve("results");
        SweepFixture.execute(SweepFixture.args("worker", recording, results, "--index", "0"));
        String printed = SweepFixture.execute(SweepFixture.args("merge", recording, results));
        System.out.println(printed);
        String table = SweepFixture.Merged.of(results).table();
        System.out.println(table);
        assertThat(table.lines()).hasSize(7);
    }
}
