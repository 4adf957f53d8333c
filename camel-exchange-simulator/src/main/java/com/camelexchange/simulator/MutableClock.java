package com.camelexchange.simulator;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that only moves when a test moves it, so that rate-limit windows, the one-hour IP lock,
 * K-line boundaries and {@code reqTime} checks are exact and free of races.
 */
public final class MutableClock extends Clock {
    private final AtomicLong millis;

    public MutableClock(Instant start) {
        this.millis = new AtomicLong(start.toEpochMilli());
    }

    /** A clock that starts at the current wall-clock time and then stands still. */
    public static MutableClock startingNow() {
        return new MutableClock(Instant.now());
    }

    public void advance(Duration duration) {
        millis.addAndGet(duration.toMillis());
    }

    public void set(Instant instant) {
        millis.set(instant.toEpochMilli());
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
