package com.camelexchange.simulator.engine;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;

/**
 * How paper orders fill against an external market (a live feed or a replay).
 *
 * @param atTouch        the share of an external trade's amount that may fill resting paper orders at
 *                       exactly the trade's price, 0 (the default) to 1. Nobody knows where a paper order
 *                       would have stood in the queue at its price, so by default only a trade through the
 *                       price fills it.
 * @param staleBookAfter how long after it was fed a book may still be taken from; an older book counts as
 *                       no book, so a crossing order rests instead of filling against prices long gone
 */
public record FillModel(BigDecimal atTouch, Duration staleBookAfter) {
    public static final FillModel DEFAULT = new FillModel(BigDecimal.ZERO, Duration.ofSeconds(30));

    public FillModel {
        Objects.requireNonNull(atTouch, "atTouch");
        Objects.requireNonNull(staleBookAfter, "staleBookAfter");
        if (atTouch.signum() < 0 || atTouch.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("The at-touch share must be within 0..1: " + atTouch);
        }
        if (staleBookAfter.isNegative()) {
            throw new IllegalArgumentException("A book cannot turn stale before it is fed: " + staleBookAfter);
        }
    }

    public FillModel withAtTouch(BigDecimal share) {
        return new FillModel(share, staleBookAfter);
    }

    public FillModel withStaleBookAfter(Duration age) {
        return new FillModel(atTouch, age);
    }
}
