package com.camelexchange.paper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where a program that runs backtests one after the other in one JVM (a sweep's worker) takes each one's outcome
 * as an object, without a report written to files: every backtest of this JVM that applied its recording to the end
 * tells the listeners here, on its own thread, before its summary line is logged and its context stopped. Without a
 * listener nothing is kept. A backtest run through any road tells them: a Camel Main application, a plain context,
 * a {@code PaperRun}; so a listener that runs more than one backtest at a time tells them apart by recording.
 */
public final class BacktestEnds {
    private static final Logger LOG = LoggerFactory.getLogger(BacktestEnds.class);
    private static final List<Listener> LISTENERS = new CopyOnWriteArrayList<>();

    private BacktestEnds() {
    }

    /** A backtest's end, as a listener is told it. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param recording the recording applied
         * @param events    the events applied (the summary line's {@code events})
         * @param nanos     how long applying them took, by the wall (the summary line's {@code seconds})
         * @param report    the paper account's report, not written; null when the routes made no signed call (no
         *                  order, no fill)
         */
        void ended(Path recording, long events, long nanos, PaperReport report);
    }

    /**
     * Tells {@code listener} every backtest of this JVM that ends at its recording's end, until closed.
     *
     * @return stops telling it
     */
    public static AutoCloseable listen(Listener listener) {
        LISTENERS.add(listener);
        return () -> LISTENERS.remove(listener);
    }

    static boolean listened() {
        return !LISTENERS.isEmpty();
    }

    /** A listener that throws does not stop the backtest's end: it is logged, the others are told. */
    static void tell(Path recording, long events, long nanos, PaperReport report) {
        for (Listener listener : LISTENERS) {
            try {
                listener.ended(recording, events, nanos, report);
            } catch (RuntimeException e) {
                LOG.warn("A listener of the backtest's end failed: {}", e.toString());
            }
        }
    }
}
