package com.camelexchange.cluster;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one shared rate budget stores: how many requests are recorded per time bucket (see
 * {@link BudgetWindow}), and until when the exchange asked the budget's holders to pause.
 *
 * @param pausedUntil epoch milliseconds; 0 when not paused
 * @param pauseReason why, for messages; null when never paused
 * @param ends        bucket number to requests recorded there
 * @param write       a random number drawn for each write, so that no two writes store the same bytes: a write
 *                    Curator retries after a lost connection is then known as its own by its content, never
 *                    confused with another instance's write of an equal state
 */
record BudgetState(long pausedUntil, String pauseReason, SortedMap<Long, Integer> ends, long write) {
    static final BudgetState EMPTY = new BudgetState(0, null, new TreeMap<>(), 0);

    BudgetState(long pausedUntil, String pauseReason, SortedMap<Long, Integer> ends) {
        this(pausedUntil, pauseReason, ends, 0);
    }

    /** This state, marked as one particular write. */
    BudgetState asWrite(long write) {
        return new BudgetState(pausedUntil, pauseReason, ends, write);
    }

    BudgetState {
        ends = Collections.unmodifiableSortedMap(new TreeMap<>(ends == null ? new TreeMap<>() : ends));
    }
}
