package com.camelexchange.simulator.replay;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The time of a replay: it stands still while the replay is paused or stepped, and while it plays runs at
 * the replay's speed, never past the next line not yet applied (so the market a caller sees at a time is
 * the one recorded up to that time). It never goes backwards. Only the replay moves it.
 */
public final class ReplayClock extends Clock {
    /** Where the clock stands, or from where and how fast it runs, and how far it may run. */
    private record Pace(long fromMillis, long fromNanos, double speed, long ceiling, boolean running) {
    }

    private volatile Pace pace;
    private final AtomicLong lastRead = new AtomicLong(Long.MIN_VALUE);

    ReplayClock(Instant start) {
        this.pace = new Pace(start.toEpochMilli(), 0, 0, start.toEpochMilli(), false);
    }

    @Override
    public long millis() {
        return lastRead.accumulateAndGet(unclamped(pace), Math::max);
    }

    private static long unclamped(Pace p) {
        if (!p.running) {
            return p.fromMillis;
        }
        double t = p.fromMillis + (System.nanoTime() - p.fromNanos) / 1e6 * p.speed;
        return t >= p.ceiling ? p.ceiling : (long) t;
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
    }

    /** Stops the clock at {@code millis} (or where it is, if that is later). */
    void hold(long at) {
        pace = new Pace(Math.max(at, millis()), 0, 0, 0, false);
    }

    /** Runs the clock from where it is at {@code speed} times real time, up to {@code ceiling}. */
    void run(double speed, long ceiling) {
        pace = new Pace(millis(), System.nanoTime(), speed, ceiling, true);
    }

    /** Lets a running clock go on up to {@code ceiling}, keeping its pace. */
    void runTowards(long ceiling) {
        Pace p = pace;
        if (p.running) {
            pace = new Pace(p.fromMillis, p.fromNanos, p.speed, ceiling, true);
        }
    }

    /** Wall-clock nanoseconds until a running clock reaches {@code at}; 0 when it has. */
    long nanosUntil(long at) {
        Pace p = pace;
        long now = millis();
        if (!p.running || now >= at) {
            return 0;
        }
        return Math.max(1, (long) ((at - now) * 1e6 / p.speed));
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
