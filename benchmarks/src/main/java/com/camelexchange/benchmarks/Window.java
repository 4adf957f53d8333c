package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;

import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The figures every run of the scale section shares, over its measured window: messages delivered, the
 * client side's CPU and allocation ({@link ThreadMeter}), threads added since before the run, REST calls the
 * simulator counted; and over the whole run up to the window's end, refusals and other exceptions the
 * consumers' handler saw and what the log showed ({@link LogTally}). The heap the subject holds is what a
 * collection frees when it stops ({@link #withHeap}), measured with the tape writer paused, so the simulator's
 * growing tapes are not charged to it.
 */
record Window(long fromNanos, long toNanos, long delivered, ThreadMeter.Spent spent, int threadsAdded, long heapAddedBytes,
              long restCalls, long refusals, long otherErrors, LogTally.Counts log) {

    double seconds() {
        return (toNanos - fromNanos) / 1e9;
    }

    /** The same figures with the heap the subject held: used after GC running, less used after GC stopped. */
    Window withHeap(long bytes) {
        return new Window(fromNanos, toNanos, delivered, spent, threadsAdded, bytes, restCalls, refusals, otherErrors,
                log);
    }

    /** Whether something that happened at {@code nanos} happened in the window. */
    boolean contains(long nanos) {
        return nanos >= fromNanos && nanos <= toNanos;
    }

    double perSecond() {
        return delivered / seconds();
    }

    double cpuMicrosPerMessage() {
        return delivered == 0 ? Double.NaN : spent.cpuNanos() / 1000.0 / delivered;
    }

    double processCpuMicrosPerMessage() {
        return delivered == 0 ? Double.NaN : spent.processCpuNanos() / 1000.0 / delivered;
    }

    double kilobytesPerMessage() {
        return delivered == 0 ? Double.NaN : spent.allocatedBytes() / 1024.0 / delivered;
    }

    /**
     * Measures one run: created before the subject (or floor) starts, {@link #open} when the window begins,
     * {@link #close} when it ends.
     */
    static final class Meter {
        private final ExchangeSimulator sim;
        private final LongSupplier delivered;
        private final LongSupplier refusals;
        private final LongSupplier otherErrors;
        private final LogTally tally = LogTally.install();
        private final Set<Long> threadsBefore;
        private final LogTally.Counts logBefore;
        private ThreadMeter.Sample start;
        private long deliveredAtStart;
        private long restAtStart;

        Meter(ExchangeSimulator sim, LongSupplier delivered, LongSupplier refusals, LongSupplier otherErrors) {
            this.sim = sim;
            this.delivered = delivered;
            this.refusals = refusals;
            this.otherErrors = otherErrors;
            this.threadsBefore = ThreadMeter.liveThreads();
            this.logBefore = tally.counts();
        }

        void open() {
            restAtStart = sim.requestCount();
            deliveredAtStart = delivered.getAsLong();
            start = ThreadMeter.sample();
        }

        Window close() {
            ThreadMeter.Sample end = ThreadMeter.sample();
            long count = delivered.getAsLong() - deliveredAtStart;
            long rest = sim.requestCount() - restAtStart;
            int threads = ThreadMeter.threadsAddedSince(threadsBefore);
            LogTally.Counts log = tally.counts().minus(logBefore);
            long refused = refusals.getAsLong();
            long others = otherErrors.getAsLong();
            return new Window(start.nanos(), end.nanos(), count, ThreadMeter.between(start, end), threads,
                    0, rest, refused, others, log);
        }
    }
}
