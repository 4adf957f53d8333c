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
 */
record BudgetState(long pausedUntil, String pauseReason, SortedMap<Long, Integer> ends) {
    static final BudgetState EMPTY = new BudgetState(0, null, new TreeMap<>());

    BudgetState {
        ends = Collections.unmodifiableSortedMap(new TreeMap<>(ends == null ? new TreeMap<>() : ends));
    }
}
