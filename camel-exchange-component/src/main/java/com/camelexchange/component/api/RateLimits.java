package com.camelexchange.component.api;

import java.time.Duration;

/**
 * The client-side limits every endpoint of a component shares, so the exchange never has to refuse a
 * request: K-lines (the service allows one per second) and other market data (tuned clients of the real
 * service kept to about ten a second). Permits are held until the reply arrives (see {@link RateLimiter}).
 *
 * @param maxWait how long a request may wait for a permit before it fails without being sent
 */
public final class RateLimits {
    /** Spacing between K-line requests, counted from the previous reply: the limit of one a second. */
    public static final Duration KLINE_INTERVAL = Duration.ofSeconds(1);

    private final RateLimiter kline;
    private final RateLimiter marketData;
    private final Duration maxWait;

    /**
     * @param marketDataPerSecond 0 switches the market-data limit off
     */
    public RateLimits(int marketDataPerSecond, Duration maxWait) {
        this(marketDataPerSecond, maxWait, true);
    }

    private RateLimits(int marketDataPerSecond, Duration maxWait, boolean klineLimit) {
        this.kline = klineLimit ? new RateLimiter("kline", 1, KLINE_INTERVAL) : null;
        this.marketData = marketDataPerSecond > 0
                ? new RateLimiter("market data", marketDataPerSecond, Duration.ofSeconds(1)) : null;
        this.maxWait = maxWait;
    }

    /** No client-side limits at all: only for a test exchange without limits (load tests). */
    public static RateLimits off() {
        return new RateLimits(0, Duration.ZERO, false);
    }

    /** A permit for one K-line request; close it when the reply has arrived. */
    public Held acquireKline() {
        return kline == null ? Held.NONE : kline.acquire(maxWait);
    }

    /** A permit for one other market-data request; close it when the reply has arrived. */
    public Held acquireMarketData() {
        return marketData == null ? Held.NONE : marketData.acquire(maxWait);
    }
}
