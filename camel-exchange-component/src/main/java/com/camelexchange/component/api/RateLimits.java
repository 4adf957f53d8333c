package com.camelexchange.component.api;

import java.time.Duration;

/**
 * The client-side limits every endpoint of a component shares, so the exchange never has to refuse a
 * request: K-lines (the service allows one per second; a small margin absorbs network jitter) and other
 * market data (tuned clients of the real service kept to about ten a second).
 *
 * @param maxWait how long a request may wait for a permit before it fails without being sent
 */
public final class RateLimits {
    /** Spacing between K-line requests: the limit of one a second plus a margin for jitter. */
    public static final Duration KLINE_INTERVAL = Duration.ofMillis(1100);

    private final RateLimiter kline;
    private final RateLimiter marketData;
    private final Duration maxWait;

    /**
     * @param marketDataPerSecond 0 switches the market-data limit off
     */
    public RateLimits(int marketDataPerSecond, Duration maxWait) {
        this.kline = new RateLimiter("kline", 1, KLINE_INTERVAL);
        this.marketData = marketDataPerSecond > 0
                ? new RateLimiter("market data", marketDataPerSecond, Duration.ofSeconds(1)) : null;
        this.maxWait = maxWait;
    }

    public void acquireKline() {
        kline.acquire(maxWait);
    }

    public void acquireMarketData() {
        if (marketData != null) {
            marketData.acquire(maxWait);
        }
    }
}
