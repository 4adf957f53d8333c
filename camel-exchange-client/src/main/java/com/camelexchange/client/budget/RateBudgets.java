package com.camelexchange.client.budget;

import com.camelexchange.client.internal.budget.RateLimiter;
import java.time.Duration;

/**
 * Makes the component's rate budgets. The default keeps each window in this JVM; an implementation backed
 * by a store that several instances share (camel-exchange-cluster has one on ZooKeeper) makes one budget
 * per key and per IP for all of them, so that together they stay within the exchange's limits.
 */
@FunctionalInterface
public interface RateBudgets {
    /**
     * The budget of one scope. Instances that share a store and ask for the same {@code id} share one window.
     *
     * @param id      stable across instances and free of secrets, e.g. {@code A/key/3f2a...} (a hash of the key),
     *                {@code A/ip}, {@code market-data}
     * @param label   what the limit is, for messages
     * @param permits requests allowed per window
     * @param window  the exchange's window
     */
    RateBudget budget(String id, String label, int permits, Duration window);

    /** Budgets kept in this JVM only: right for a single instance. */
    static RateBudgets local() {
        return (id, label, permits, window) -> new RateLimiter(label, permits, window);
    }
}
