package com.camelexchange.cluster;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The arithmetic of one shared rate budget, apart from where its state is stored.
 *
 * <p>The rule is the one the component keeps in a single JVM: a request may be sent at {@code t} when fewer
 * than {@code permits} requests are still in flight or ended after {@code t - window}. Every request is
 * recorded at the latest moment the exchange may count it: its deadline while it is in flight, its real end
 * once its reply has arrived. So a request whose holder vanished (a killed instance) counts until its
 * deadline, then ages out like any other; nothing waits for a close that will never come.
 *
 * <p>Times are recorded in buckets of {@code window / 1000} so that the stored state stays small whatever the
 * limit (10,000 a minute as well as 60 a second). A request counts until the end of its bucket, which costs
 * at most one bucket (a tenth of a percent) of the budget and never lets one request too many through.
 */
final class BudgetWindow {
    /** A request cannot be given a time yet: the ones that hold the budget are still in flight. */
    static final long BLOCKED = Long.MIN_VALUE;
    private static final int BUCKETS_PER_WINDOW = 1000;

    private final int permits;
    private final long windowMillis;
    private final long bucketMillis;

    /**
     * @param windowMillis the exchange's window plus whatever margin the clocks of the instances need
     */
    BudgetWindow(int permits, long windowMillis) {
        if (permits < 1 || windowMillis < 1) {
            throw new IllegalArgumentException("permits and window must be positive: " + permits + ", " + windowMillis);
        }
        this.permits = permits;
        this.windowMillis = windowMillis;
        this.bucketMillis = Math.max(1, windowMillis / BUCKETS_PER_WINDOW);
    }

    long bucket(long epochMillis) {
        return Math.floorDiv(epochMillis, bucketMillis);
    }

    private long bucketEnd(long bucket) {
        return (bucket + 1) * bucketMillis;
    }

    /**
     * The earliest time, from {@code now} on and not before a pause ends, at which one more request may be
     * sent; {@link #BLOCKED} when that depends on requests still in flight.
     */
    long earliestSend(BudgetState state, long now) {
        long from = Math.max(now, state.pausedUntil());
        SortedMap<Long, Integer> counted = state.ends().tailMap(bucket(from - windowMillis));
        long total = 0;
        for (int count : counted.values()) {
            total += count;
        }
        long surplus = total - permits + 1;
        if (surplus <= 0) {
            return from;
        }
        for (Map.Entry<Long, Integer> entry : counted.entrySet()) {
            surplus -= entry.getValue();
            if (surplus <= 0) {
                return entry.getKey() > bucket(now) ? BLOCKED : Math.max(from, bucketEnd(entry.getKey()) + windowMillis);
            }
        }
        throw new IllegalStateException("unreachable: the surplus is at most the total");
    }

    /** Requests still in flight or reserved at {@code now}, by any instance: those recorded at a later bucket. */
    int inFlight(BudgetState state, long now) {
        int held = 0;
        for (int count : state.ends().tailMap(bucket(now) + 1).values()) {
            held += count;
        }
        return held;
    }

    /** The state with one more request, recorded at {@code deadline}, and without what no longer counts. */
    BudgetState reserve(BudgetState state, long deadline, long now) {
        TreeMap<Long, Integer> ends = current(state, now);
        ends.merge(bucket(deadline), 1, Integer::sum);
        return new BudgetState(state.pausedUntil(), state.pauseReason(), ends);
    }

    /** The state with a request recorded at {@code deadline} moved to its real end, {@code ended}. */
    BudgetState release(BudgetState state, long deadline, long ended, long now) {
        TreeMap<Long, Integer> ends = current(state, now);
        Integer held = ends.get(bucket(deadline));
        if (held != null) {
            if (held == 1) {
                ends.remove(bucket(deadline));
            } else {
                ends.put(bucket(deadline), held - 1);
            }
        }
        // Aged out already (a reply later than its deadline): counting the real end too stays on the safe side.
        if (bucketEnd(bucket(ended)) + windowMillis > now) {
            ends.merge(bucket(ended), 1, Integer::sum);
        }
        return new BudgetState(state.pausedUntil(), state.pauseReason(), ends);
    }

    /** The state paused until {@code until} (or later, if it already was). */
    BudgetState pause(BudgetState state, long until, String reason, long now) {
        return until <= state.pausedUntil() ? state
                : new BudgetState(until, reason, current(state, now));
    }

    /** The recorded requests that may still count from {@code now} on. */
    private TreeMap<Long, Integer> current(BudgetState state, long now) {
        return new TreeMap<>(state.ends().tailMap(bucket(now - windowMillis)));
    }
}
