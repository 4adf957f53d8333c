package com.camelexchange.benchmarks;

import com.camelexchange.sweep.SweepMain;
import com.camelexchange.sweep.SweepMerge;
import com.camelexchange.sweep.SweepSettings;
import com.camelexchange.sweep.SweepWorker;

import java.io.IOException;
import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The sweep section: one grid of backtests (the YAML strategy of {@code sweep/strategy.yaml}, a limit order on every
 * n-th trade, over {@code strategy.every} x {@code strategy.size}) on a recording of {@code sweepPointEvents} events,
 * <ul>
 *   <li>once in this JVM, one point after the other, timing each point: its wall time from a new Camel Main to its
 *   result against its backtest's own (applying the recording, as the summary line's seconds); the difference is the
 *   point's start and end. The first point of a JVM loads the classes, so the figure is the median of the others;</li>
 *   <li>then as the command runs it, {@code run --workers W} (W worker processes and the merge) for each W of
 *   {@code sweepWorkers}, timed whole, and its merged table and heat map compared byte for byte with the first
 *   run's.</li>
 * </ul>
 * Prints {@code sweep: points=N workers=W seconds=S pointsPerMinute=R identical=true|false} per W, and
 * {@code sweep-point: ...} for the start and end, then the {@code history:} line of {@link HistoryReading} (Tardis CSV
 * read against the own format, {@code historyEvents} 300000 here). System properties: {@code sweepPointEvents} (100000),
 * {@code sweepWorkers} (1,2), {@code sweepEvery} (25,50,75,100,150,200,300,400), {@code sweepSize} (0.001,0.002).
 */
final class SweepSection {
    /** Events of the history figure's reading (the history section's own default is 600,000). */
    private static final long HISTORY_EVENTS = Long.getLong("historyEvents", 300_000);
    private static final int HISTORY_ROUNDS = Integer.getInteger("historyRounds", 3);
    private static final long POINT_EVENTS = Long.getLong("sweepPointEvents", 100_000);
    private static final List<Integer> WORKERS = Arrays.stream(System.getProperty("sweepWorkers", "1,2").split(","))
            .map(Integer::valueOf).toList();
    private static final String EVERY = System.getProperty("sweepEvery", "25,50,75,100,150,200,300,400");
    private static final String SIZE = System.getProperty("sweepSize", "0.001,0.002");

    private SweepSection() {
    }

    static List<String> run(Path dir) throws Exception {
        Files.createDirectories(dir);
        Path recording = recording(dir);
        List<String> lines = new ArrayList<>();

        Path reference = fresh(dir.resolve("in-process"));
        SweepSettings settings = SweepSettings.parse(args("worker", recording, reference, "--index", "0"), Map.of());
        SweepWorker worker = new SweepWorker(settings);
        worker.run();
        SweepMerge.merge(SweepSettings.parse(args("merge", recording, reference), Map.of()));
        List<SweepWorker.PointTiming> timings = worker.timings();
        lines.add(pointCost(timings));
        byte[][] expected = merged(reference);

        for (int workers : WORKERS) {
            Path results = fresh(dir.resolve("workers-" + workers));
            long started = System.nanoTime();
            int exit = SweepMain.execute(args("run", recording, results, "--workers", Integer.toString(workers)),
                    Map.of(), new PrintStream(OutputStream.nullOutputStream()), System.err);
            double seconds = (System.nanoTime() - started) / 1e9;
            if (exit != 0) {
                throw new IllegalStateException("The sweep with " + workers + " worker(s) failed; see " + results);
            }
            byte[][] got = merged(results);
            boolean identical = Arrays.equals(got[0], expected[0]) && Arrays.equals(got[1], expected[1]);
            lines.add(String.format(Locale.ROOT, "sweep: points=%d workers=%d seconds=%.2f pointsPerMinute=%.1f"
                    + " identical=%s", settings.grid().size(), workers, seconds, settings.grid().size() * 60 / seconds,
                    identical));
        }
        // The sweep's other figure of issue 39: how fast vendors' history reads against the own format.
        lines.add(HistoryReading.measure(dir.resolve("history"), HISTORY_EVENTS, HISTORY_ROUNDS).line());
        return lines;
    }

    /** The one place the section's recording is made. */
    private static Path recording(Path dir) throws IOException {
        return BacktestRecording.write(dir.resolve("sweep-" + POINT_EVENTS + ".jsonl"), POINT_EVENTS);
    }

    private static List<String> args(String mode, Path recording, Path results, String... more) {
        List<String> args = new ArrayList<>(List.of(mode, "--recording", recording.toString(), "--results",
                results.toString(), "--routes", "classpath:sweep/strategy.yaml", "--set",
                "camel.component.exchange.paper-balances=usdt=100000,btc=5", "--grid", "strategy.every=" + EVERY,
                "--grid", "strategy.size=" + SIZE));
        args.addAll(List.of(more));
        return args;
    }

    /**
     * {@code sweep-point: events=N backtestMillis=B startEndMillis=S share=P% firstStartEndMillis=F}: medians over
     * the points after the first.
     */
    private static String pointCost(List<SweepWorker.PointTiming> timings) {
        List<SweepWorker.PointTiming> warm = timings.size() > 1 ? timings.subList(1, timings.size()) : timings;
        double backtest = median(warm.stream().map(t -> t.backtestNanos() / 1e6).toList());
        double startEnd = median(warm.stream().map(t -> (t.wallNanos() - t.backtestNanos()) / 1e6).toList());
        SweepWorker.PointTiming first = timings.get(0);
        return String.format(Locale.ROOT, "sweep-point: events=%d backtestMillis=%.1f startEndMillis=%.1f share=%.1f%%"
                + " firstStartEndMillis=%.1f", POINT_EVENTS, backtest, startEnd, 100 * startEnd / backtest,
                (first.wallNanos() - first.backtestNanos()) / 1e6);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static byte[][] merged(Path results) throws IOException {
        return new byte[][] {Files.readAllBytes(results.resolve(SweepMerge.CSV)),
                Files.readAllBytes(results.resolve(SweepMerge.PNG))};
    }

    /** An empty directory: a results directory's points with a result would not be run again. */
    private static Path fresh(Path results) throws IOException {
        if (Files.exists(results)) {
            try (Stream<Path> walk = Files.walk(results)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(results);
    }
}
