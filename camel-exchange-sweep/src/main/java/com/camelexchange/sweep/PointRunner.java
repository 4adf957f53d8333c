package com.camelexchange.sweep;

import com.camelexchange.paper.BacktestEnds;
import com.camelexchange.paper.PaperReport;
import org.apache.camel.CamelContext;
import org.apache.camel.ExtendedCamelContext;
import org.apache.camel.main.Main;
import org.apache.camel.spi.FactoryFinderResolver;

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
    /** For every point of this runner: what Camel found in the jars, which a new context would look up again. */
    private final RememberedFactoryFinders finders = new RememberedFactoryFinders();

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
            Main main = new PointMain(finders);
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

    /** Camel Main whose new context finds classes with the runner's {@link RememberedFactoryFinders}. */
    private static final class PointMain extends Main {
        private final RememberedFactoryFinders finders;

        PointMain(RememberedFactoryFinders finders) {
            this.finders = finders;
        }

        @Override
        protected CamelContext createCamelContext() {
            CamelContext context = super.createCamelContext();
            // Before Main configures anything: every finder the context makes from here on is a remembering one,
            // and the two it made while being constructed are replaced.
            ExtendedCamelContext extension = context.getCamelContextExtension();
            extension.addContextPlugin(FactoryFinderResolver.class, finders);
            extension.setBootstrapFactoryFinder(finders.resolveBootstrapFactoryFinder(context.getClassResolver()));
            extension.setDefaultFactoryFinder(finders.resolveDefaultFactoryFinder(context.getClassResolver()));
            return context;
        }
    }
}
