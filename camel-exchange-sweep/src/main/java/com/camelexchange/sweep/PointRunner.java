package com.camelexchange.sweep;

import com.camelexchange.paper.BacktestEnds;
import com.camelexchange.paper.PaperReport;
import org.apache.camel.main.Main;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Backtests one point: a fresh Camel Main application (a new CamelContext) with the application's properties, the
 * point's values over them, and {@code replayFrom} the recording. The component stops the context at the
 * recording's end, so {@code main.run()} returns by itself; the backtest's report is taken as an object at its end
 * ({@link BacktestEnds}), nothing is written per point but the result. One point at a time in a JVM: the report told
 * during the run is this point's.
 */
final class PointRunner {
    static final String REPLAY_FROM = "camel.component.exchange.replay-from";

    private final Path recording;
    private final Map<String, String> properties;

    PointRunner(Path recording, Map<String, String> properties) {
        this.recording = recording;
        this.properties = properties;
    }

    private record Ended(long events, long nanos, PaperReport report) {
    }

    /** The last point's wall time, from a new Camel Main to its end; and of it, the backtest's own. */
    private long wallNanos;
    private long backtestNanos;

    long wallNanos() {
        return wallNanos;
    }

    long backtestNanos() {
        return backtestNanos;
    }

    PointResult run(SweepPoint point, RecordedPrices prices) throws Exception {
        long started = System.nanoTime();
        AtomicReference<Ended> ended = new AtomicReference<>();
        AtomicInteger told = new AtomicInteger();
        try (AutoCloseable listening = BacktestEnds.listen((file, events, nanos, report) -> {
            told.incrementAndGet();
            ended.set(new Ended(events, nanos, report));
        })) {
            Main main = new Main();
            properties.forEach(main::addInitialProperty);
            point.values().forEach(main::addInitialProperty);
            main.addInitialProperty(REPLAY_FROM, recording.toString());
            main.run();
        }
        if (told.get() != 1) {
            throw new SweepException("Point " + point.index() + " (" + point.describe() + ") "
                    + (told.get() == 0 ? "did not apply the recording to its end (a route that did not start, a"
                                         + " line of the recording that could not be read: see the log above)"
                                       : "saw " + told.get() + " backtests end; a sweep's JVM runs one at a time"));
        }
        PointResult result = PointFigures.of(point, ended.get().events(), ended.get().report(), prices);
        wallNanos = System.nanoTime() - started;
        backtestNanos = ended.get().nanos();
        return result;
    }
}
