package com.camelexchange.sweep;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guarantee: the merged table and heat map have the same bytes whatever ran the points. The reference is one
 * worker in this JVM; against it: three worker processes (as three pods of an Indexed Job), one worker while busy
 * threads take the cores, and a worker process killed in the middle of a point and run again with its index.
 */
class SweepWorkersTest {
    @TempDir
    static Path dir;
    static Path recording;
    static SweepFixture.Merged reference;

    @BeforeAll
    static void oneWorker() throws Exception {
        recording = SmallRecording.write(dir.resolve("market.jsonl"), SweepFixture.SECONDS);
        Path results = dir.resolve("one");
        SweepFixture.execute(SweepFixture.args("worker", recording, results, "--index", "0", "--workers", "1"));
        SweepFixture.execute(SweepFixture.args("merge", recording, results));
        reference = SweepFixture.Merged.of(results);
    }

    @Test
    void theTableHasEveryPointBestFirstWithItsProperties() {
        List<String> rows = reference.table().lines().toList();
        assertThat(rows.get(0)).isEqualTo("rank,point,strategy.every,strategy.size,events,orders,fills,fees,pnl,"
                                          + "maxDrawdown,sharpe,roundTrips,winRate,exposure");
        assertThat(rows).hasSize(7);
        List<String> points = rows.stream().skip(1).map(r -> r.split(",")[1]).sorted().toList();
        assertThat(points).containsExactly("0", "1", "2", "3", "4", "5");
        // Every point traded (the strategy orders on every n-th trade): fewer orders the rarer it acts.
        assertThat(rows.stream().skip(1).filter(r -> r.contains(",50,0.001,")).findFirst().orElseThrow()
                .split(",")[5]).isNotEqualTo("0");
        List<Double> pnl = rows.stream().skip(1).map(r -> Double.parseDouble(r.split(",")[8])).toList();
        assertThat(pnl).isSortedAccordingTo((a, b) -> Double.compare(b, a));
        assertThat(reference.png()).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }

    @Test
    void threeWorkerProcessesGiveTheSameBytesAsOne() throws Exception {
        Path results = dir.resolve("three");
        SweepFixture.execute(SweepFixture.args("run", recording, results, "--workers", "3"));
        assertSame(SweepFixture.Merged.of(results));
    }

    @Test
    void busyCoresChangeNothing() throws Exception {
        AtomicBoolean burning = new AtomicBoolean(true);
        List<Thread> burners = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread burner = new Thread(() -> {
                long x = 1;
                while (burning.get()) {
                    x = x * 6364136223846793005L + 1;
                }
                if (x == 42) {
                    System.out.print("");
                }
            }, "burn-" + i);
            burner.setDaemon(true);
            burner.start();
            burners.add(burner);
        }
        Path results = dir.resolve("burnt");
        try {
            SweepFixture.execute(SweepFixture.args("worker", recording, results, "--index", "0"));
        } finally {
            burning.set(false);
            for (Thread burner : burners) {
                burner.join();
            }
        }
        SweepFixture.execute(SweepFixture.args("merge", recording, results));
        assertSame(SweepFixture.Merged.of(results));
    }

    @Test
    void aWorkerKilledMidPointAndRunAgainRedoesOnlyWhatHadNoResult() throws Exception {
        Path results = dir.resolve("killed");
        SweepSettings settings = SweepSettings.parse(SweepFixture.args("run", recording, results, "--workers", "2"),
                Map.of());
        ResultFiles files = new ResultFiles(results);
        Files.createDirectories(results);
        // Worker 0 of 2 has points 0, 2 and 4: killed once point 0 has its result and point 2 runs.
        Process worker = LocalWorkers.start(settings, 0).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!(files.has(0) && Files.exists(files.markerOf(2))) && worker.isAlive()
                   && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(Files.exists(files.markerOf(2))).as("point 2 started").isTrue();
        } finally {
            worker.destroyForcibly().waitFor();
        }
        assertThat(files.has(0)).isTrue();
        assertThat(files.has(2)).as("point 2 was killed before its result").isFalse();
        FileTime first = Files.getLastModifiedTime(files.resultOf(0));

        // Worker 0 again as its own process, as a retried pod; worker 1 here, beside it.
        Process again = LocalWorkers.start(settings, 0).start();
        SweepFixture.execute(SweepFixture.args("worker", recording, results, "--index", "1", "--workers", "2"));
        assertThat(again.waitFor()).as("worker 0 again").isZero();
        assertThat(Files.getLastModifiedTime(files.resultOf(0))).as("point 0 not run again").isEqualTo(first);
        SweepFixture.execute(SweepFixture.args("merge", recording, results));
        assertSame(SweepFixture.Merged.of(results));
        try (Stream<Path> left = Files.list(results)) {
            assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".running")))
                    .as("markers of finished points").isEmpty();
        }
    }

    @Test
    void aMissingPointFailsTheMergeNamingIt() throws Exception {
        Path results = dir.resolve("missing");
        Files.createDirectories(results);
        for (int k = 0; k < 6; k++) {
            if (k != 3) {
                Files.copy(new ResultFiles(dir.resolve("one")).resultOf(k), new ResultFiles(results).resultOf(k));
            }
        }
        String refused = SweepFixture.refused(SweepFixture.args("merge", recording, results));
        assertThat(refused).contains("Point 3 (strategy.every=100 strategy.size=0.002) has no result");
        assertThat(results.resolve(SweepMerge.CSV)).doesNotExist();
    }

    @Test
    void theHeatMapsBytesAreTheSameEachTimeItIsDrawn() throws Exception {
        SweepGrid grid = SweepGrid.parse(List.of("strategy.every=50,100,200", "strategy.size=0.001,0.002"));
        List<PointResult> results = new ResultFiles(dir.resolve("one")).readAll(grid);
        byte[] first = HeatMap.png(grid, results, Figure.SHARPE, "strategy.size", "strategy.every");
        byte[] second = HeatMap.png(grid, results, Figure.SHARPE, "strategy.size", "strategy.every");
        assertThat(second).isEqualTo(first);
        assertThat(HeatMap.png(grid, results, Figure.PNL, "strategy.every", "strategy.size"))
                .isEqualTo(reference.png());
    }

    private static void assertSame(SweepFixture.Merged merged) {
        assertThat(merged.table()).isEqualTo(reference.table());
        assertThat(merged.csv()).isEqualTo(reference.csv());
        assertThat(merged.png()).isEqualTo(reference.png());
    }
}
