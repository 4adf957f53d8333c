package com.camelexchange.client.internal.stream;

/**
 * How long a channel may stay silent, learned from its own pace: a multiple of the usual time between its frames
 * (a moving average), never below a floor (a busy channel paused for a moment is not dead) nor above a ceiling (a
 * quiet market is still checked now and then). Before its first gap is known, the floor. Not thread-safe.
 */
final class ChannelPace {
    /** How many usual gaps of silence are still normal. */
    static final int TOLERANCE = 8;
    /** The weight of the newest gap in the average. */
    private static final double WEIGHT = 0.2;

    private final long floorNanos;
    private final long ceilingNanos;
    private double averageGapNanos = -1;

    ChannelPace(long floorNanos, long ceilingNanos) {
        this.floorNanos = Math.max(1, floorNanos);
        this.ceilingNanos = Math.max(this.floorNanos, ceilingNanos);
    }

    /** One more gap between two frames. */
    void gap(long nanos) {
        if (nanos < 0) {
            return;
        }
        averageGapNanos = averageGapNanos < 0 ? nanos : averageGapNanos + WEIGHT * (nanos - averageGapNanos);
    }

    /** The silence allowed now. */
    long allowanceNanos() {
        if (averageGapNanos < 0) {
            return floorNanos;
        }
        double allowed = averageGapNanos * TOLERANCE;
        return allowed >= ceilingNanos ? ceilingNanos : Math.max(floorNanos, (long) allowed);
    }

    long ceilingNanos() {
        return ceilingNanos;
    }
}
