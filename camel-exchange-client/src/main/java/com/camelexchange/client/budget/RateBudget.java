package com.camelexchange.client.budget;

import com.camelexchange.client.internal.budget.RateLimiter;
import java.time.Duration;

/**
 * One of the exchange's request limits, as the component keeps it: at most so many requests in any window,
 * counted from replies (see {@link RateLimiter}). Where its window lives is up to the {@link RateBudgets}
 * that made it: in this JVM, or in a store every instance shares.
 */
public interface RateBudget {
    /**
     * Waits for a permit and returns it once the request may be sent; close it when the reply (or failure)
     * has arrived.
     *
     * @param maxWait how long to wait at most; a permit further away fails at once with
     *                {@link com.camelexchange.client.error.ExchangeRateLimitException}, the request unsent
     * @param maxHold the longest the request can take (its deadline): a shared budget takes a permit whose
     *                holder vanished (a crashed instance) as ended then
     */
    Held acquire(Duration maxWait, Duration maxHold);

    /** Hands out no permit for {@code duration}: the exchange refused a request of this scope. */
    void pause(Duration duration, String reason);

    /** What the limit is, for messages: "trade API per key", "kline"... */
    String label();

    /**
     * How many permits are held now (requests reserved, in flight or not yet closed), for metrics and the dev
     * console; -1 when the budget cannot tell cheaply.
     */
    default int inUse() {
        return -1;
    }
}
