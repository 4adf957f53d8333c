package com.camelexchange.simulator.http;

/**
 * At most {@code limit} accepted events in any window of {@code windowMillis}: a ring of the last
 * {@code limit} accepted times; a new event is accepted when the oldest of them has left the window.
 * Refused events are not recorded, as the real service ignores requests "beyond that".
 */
final class SlidingWindowLimiter {
    private final long[] accepted;
    private final long windowMillis;
    private int oldest;

    SlidingWindowLimiter(int limit, long windowMillis) {
        this.accepted = new long[limit];
        this.windowMillis = windowMillis;
        java.util.Arrays.fill(accepted, Long.MIN_VALUE / 2);
    }

    synchronized boolean tryAcquire(long nowMillis) {
        if (nowMillis - accepted[oldest] < windowMillis) {
            return false;
        }
        accepted[oldest] = nowMillis;
        oldest = (oldest + 1) % accepted.length;
        return true;
    }
}
