package com.camelexchange.client.internal.budget;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.budget.RateBudgets;
import java.time.Duration;

/**
 * The client-side limits every endpoint of a component shares, so the exchange never has to refuse a
 * request: K-lines (the service allows one per second) and other market data (tuned clients of the real
 * service kept to about ten a second). Permits are held until the reply arrives (see {@link RateLimiter}).
 */
public final class RateLimits {
    /** Spacing between K-line requests, counted from the previous reply: the limit of one a second. */
    public static final Duration KLINE_INTERVAL = Duration.ofSeconds(1);

    private final RateBudget kline;
    private final RateBudget marketData;
    private final Duration maxWait;

    /**
     * @param budgets             where the windows are kept
     * @param marketDataPerSecond 0 switches the market-data limit off
     * @param maxWait             how long a request may wait for a permit before it fails without being sent
     */
    public RateLimits(RateBudgets budgets, int marketDataPerSecond, Duration maxWait) {
        this.kline = budgets.budget("kline", "kline", 1, KLINE_INTERVAL);
        this.marketData = marketDataPerSecond > 0
                ? budgets.budget("market-data", "market data", marketDataPerSecond, Duration.ofSeconds(1)) : null;
        this.maxWait = maxWait;
    }

    private RateLimits() {
        this.kline = null;
        this.marketData = null;
        this.maxWait = Duration.ZERO;
    }

    /** No client-side limits at all: only for a test exchange without limits (load tests). */
    public static RateLimits off() {
        return new RateLimits();
    }

    /** A permit for one K-line request that takes at most {@code maxHold}; close it when the reply has arrived. */
    public Held acquireKline(Duration maxHold) {
        return acquireKline(maxHold, maxWait);
    }

    /** {@link #acquireKline(Duration)}, waiting no longer than {@code waitAtMost} either (what is left of the call). */
    public Held acquireKline(Duration maxHold, Duration waitAtMost) {
        return kline == null ? Held.NONE : kline.acquire(shorter(waitAtMost), maxHold);
    }

    /** A permit for one other market-data request; close it when the reply has arrived. */
    public Held acquireMarketData(Duration maxHold) {
        return acquireMarketData(maxHold, maxWait);
    }

    /** {@link #acquireMarketData(Duration)}, waiting no longer than {@code waitAtMost} either. */
    public Held acquireMarketData(Duration maxHold, Duration waitAtMost) {
        return marketData == null ? Held.NONE : marketData.acquire(shorter(waitAtMost), maxHold);
    }

    private Duration shorter(Duration waitAtMost) {
        return waitAtMost.compareTo(maxWait) < 0 ? waitAtMost : maxWait;
    }
}
