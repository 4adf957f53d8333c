package com.camelexchange.sweep;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker of a sweep: the points of its index out of N (point k to worker k mod N), each backtested in turn and
 * its result written atomically. A point that has a result already is not run again, so a worker run again with
 * its index (a Kubernetes pod retried, a process killed) redoes only its points that had not finished; the merge
 * reads the same results either way. The recording's prices are read once, for all of its points.
 */
public final class SweepWorker {
    private static final Logger LOG = LoggerFactory.getLogger(SweepWorker.class);

    private final SweepSettings settings;
    private final List<PointTiming> timings = new ArrayList<>();

    /**
     * How long a point took: from a new Camel Main to its result, and of it the backtest's own (applying the
     * recording, as its summary line's seconds); the rest is the point's start and end. For the benchmarks.
     */
    public record PointTiming(int point, long wallNanos, long backtestNanos) {
    }

    public SweepWorker(SweepSettings settings) {
        this.settings = settings;
    }

    /** The points of this worker, in grid order. */
    static List<SweepPoint> pointsOf(SweepGrid grid, int index, int workers) {
        List<SweepPoint> mine = new ArrayList<>();
        for (int k = index; k < grid.size(); k += workers) {
            mine.add(grid.point(k));
        }
        return mine;
    }

    /** The points run by {@link #run()}, in order. */
    public List<PointTiming> timings() {
        return List.copyOf(timings);
    }

    /** @return the points run now (those that had a result already are not) */
    public int run() throws Exception {
        ResultFiles files = new ResultFiles(settings.results());
        List<SweepPoint> todo = new ArrayList<>();
        for (SweepPoint point : pointsOf(settings.grid(), settings.index(), settings.workers())) {
            if (!files.has(point.index())) {
                todo.add(point);
            }
        }
        LOG.info("Worker {} of {}: {} point(s) to run", settings.index(), settings.workers(), todo.size());
        if (todo.isEmpty()) {
            return 0;
        }
        Path recording = settings.recording();
        RecordedPrices prices = RecordedPrices.read(recording, settings.replayMarkets(),
                SweepWorker.class.getClassLoader());
        PointRunner runner = new PointRunner(recording, settings.properties());
        for (SweepPoint point : todo) {
            files.markRunning(point.index());
            PointResult result = runner.run(point, prices);
            timings.add(new PointTiming(point.index(), runner.wallNanos(), runner.backtestNanos()));
            files.write(settings.grid(), result);
            LOG.info("Point {} ({}): orders={} fills={} pnl={} in {} ms, of which the backtest {} ms", point.index(),
                    point.describe(), result.orders(), result.fills(), result.pnl().toPlainString(),
                    runner.wallNanos() / 1_000_000, runner.backtestNanos() / 1_000_000);
        }
        return todo.size();
    }
}
