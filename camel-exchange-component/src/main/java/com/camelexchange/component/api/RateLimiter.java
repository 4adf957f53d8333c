package com.camelexchange.component.api;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * At most {@code permits} requests in any window of {@code window}, handed out in the order asked for.
 * A caller reserves the earliest slot that keeps the promise and sleeps until it (outside the lock), so
 * callers wait rather than fail, and a burst never exceeds the limit even against a server that counts
 * in a sliding window.
 */
public final class RateLimiter {
    private final String scope;
    private final long windowNanos;
    private final long[] granted;
    private int oldest;
    private long pausedUntil = Long.MIN_VALUE;
    private String pauseReason;

    public RateLimiter(String scope, int permits, Duration window) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1: " + permits);
        }
        this.scope = scope;
        this.windowNanos = window.toNanos();
        this.granted = new long[permits];
        Arrays.fill(granted, Long.MIN_VALUE / 4);
    }

    /**
     * Waits for a permit. Throws {@link ExchangeRateLimitException} without waiting when the permit is
     * further away than {@code maxWait}.
     */
    public void acquire(Duration maxWait) {
        long slot;
        synchronized (this) {
            long now = System.nanoTime();
            slot = Math.max(Math.max(now, granted[oldest] + windowNanos), pausedUntil);
            if (slot - now > maxWait.toNanos()) {
                throw new ExchangeRateLimitException(pauseReason != null && pausedUntil > now
                        ? scope + " (" + pauseReason + ")" : scope, maxWait);
            }
            granted[oldest] = slot;
            oldest = (oldest + 1) % granted.length;
        }
        long wait = slot - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ExchangeRateLimitException(scope + " (interrupted)", maxWait);
            }
        }
    }

    /**
     * Hands out no permit for {@code duration}: the exchange refused a request of this scope, so the
     * client backs off instead of insisting.
     */
    public synchronized void pause(Duration duration, String reason) {
        pausedUntil = Math.max(pausedUntil, System.nanoTime() + duration.toNanos());
        pauseReason = reason;
    }

    public String scope() {
        return scope;
    }
}
