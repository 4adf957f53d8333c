package com.camelexchange.component.api;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * At most {@code permits} requests in any window of {@code window} as the exchange counts them, handed out
 * in the order asked for.
 *
 * <p>The exchange counts a request when it arrives, which is after it was sent and before its reply. So a
 * request is sent no earlier than one window after the <em>reply</em> (or failure) of the request
 * {@code permits} places before it: then no {@code permits + 1} requests can arrive within one window,
 * however the network delays them, and no margin for jitter is needed. A caller reserves its slot under the
 * lock, sleeps outside it, and {@linkplain Permit#close() closes} its permit when the call has ended.
 */
public final class RateLimiter implements RateBudget {
    /** The exchange's clock counts milliseconds; one more keeps an exact window on the safe side. */
    private static final long EPSILON_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final String scope;
    private final long windowNanos;
    /** Per slot: when its request ended (or, while it is in flight, when it was sent). */
    private final long[] ended;
    private final boolean[] inFlight;
    private int oldest;
    private long pausedUntil = Long.MIN_VALUE;
    private String pauseReason;

    /** Handed to the caller for one request; close it when the reply (or failure) has arrived. */
    public final class Permit implements Held {
        private final int slot;
        private boolean closed;

        private Permit(int slot) {
            this.slot = slot;
        }

        @Override
        public void close() {
            synchronized (RateLimiter.this) {
                if (!closed) {
                    closed = true;
                    ended[slot] = System.nanoTime();
                    inFlight[slot] = false;
                    RateLimiter.this.notifyAll();
                }
            }
        }
    }

    public RateLimiter(String scope, int permits, Duration window) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1: " + permits);
        }
        this.scope = scope;
        this.windowNanos = window.toNanos() + EPSILON_NANOS;
        this.ended = new long[permits];
        this.inFlight = new boolean[permits];
        java.util.Arrays.fill(ended, Long.MIN_VALUE / 4);
    }

    /**
     * Waits for a permit. Throws {@link ExchangeRateLimitException} without waiting when the permit is
     * further away than {@code maxWait}.
     */
    public Permit acquire(Duration maxWait) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        int slot;
        long sendAt;
        synchronized (this) {
            // The request `permits` places back must have ended before this one's time can be known.
            while (inFlight[oldest]) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ExchangeRateLimitException(scope, maxWait);
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ExchangeRateLimitException(scope + " (interrupted)", maxWait);
                }
            }
            long now = System.nanoTime();
            sendAt = Math.max(Math.max(now, ended[oldest] + windowNanos), pausedUntil);
            if (sendAt - now > Math.max(0, deadline - now)) {
                throw new ExchangeRateLimitException(pauseReason != null && pausedUntil > now
                        ? scope + " (" + pauseReason + ")" : scope, maxWait);
            }
            slot = oldest;
            ended[slot] = sendAt;
            inFlight[slot] = true;
            oldest = (oldest + 1) % ended.length;
        }
        Permit permit = new Permit(slot);
        long wait = sendAt - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                permit.close();
                Thread.currentThread().interrupt();
                throw new ExchangeRateLimitException(scope + " (interrupted)", maxWait);
            }
        }
        return permit;
    }

    /**
     * Hands out no permit for {@code duration}: the exchange refused a request of this scope, so the
     * client backs off instead of insisting.
     */
    @Override
    public synchronized void pause(Duration duration, String reason) {
        pausedUntil = Math.max(pausedUntil, System.nanoTime() + duration.toNanos());
        pauseReason = reason;
    }

    /** {@inheritDoc} A permit of this JVM ends when its holder closes it: {@code maxHold} is not needed. */
    @Override
    public Held acquire(Duration maxWait, Duration maxHold) {
        return acquire(maxWait);
    }

    @Override
    public String label() {
        return scope;
    }

    /** {@inheritDoc} Permits handed out (or reserved, their holder sleeping until its send time) and not closed. */
    @Override
    public synchronized int inUse() {
        int held = 0;
        for (boolean slot : inFlight) {
            if (slot) {
                held++;
            }
        }
        return held;
    }
}
