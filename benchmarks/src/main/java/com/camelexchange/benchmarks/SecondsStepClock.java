package com.camelexchange.benchmarks;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The market's clock in the fill-realism section: one step of the synthetic traders is one second of market time.
 * Step k starts at {@code start + k} seconds on a whole second; between steps the clock runs with the wall clock,
 * but never past 900 ms into the step, so it never reaches the next step's second.
 *
 * <p>Why this shape: the market's data is dated in seconds (trades and books, as the service dates them), and a
 * paper exchange following a live market runs on its machine's clock, which the market's dates may not lead: the
 * section gives this clock to the paper exchanges too ({@code ExchangeComponent.setPaperClock}), so market time and
 * machine time are one, stepped faster than the wall's. A paper order is dated by it; a trade dated before it never
 * fills it. Steps a whole second apart make every trade of a later step dated after every order placed in the pause
 * before it, as on a live market where the market moves on while orders are placed; and running with the wall
 * clock in the pause, never past 900 ms, keeps the pause within its step's second. A pause longer than that would
 * date the pause's orders at the step's 900th millisecond; the section counts such pauses.
 */
final class SecondsStepClock extends Clock {
    static final long STEP_MILLIS = 1_000;
    static final long MOST_INTO_STEP = 900;

    private final long start;
    private volatile long stepStart;
    private volatile long wallAtStep;

    SecondsStepClock(Instant start) {
        this.start = start.toEpochMilli() / STEP_MILLIS * STEP_MILLIS;
        this.stepStart = this.start;
        this.wallAtStep = System.nanoTime();
    }

    /** Moves on to the next step's second; returns the step's number (the first is 1). */
    synchronized long step() {
        stepStart += STEP_MILLIS;
        wallAtStep = System.nanoTime();
        return step(stepStart);
    }

    /** The step a market time falls in (0 before the first step). */
    long step(long marketMillis) {
        return (marketMillis - start) / STEP_MILLIS;
    }

    /** Wall milliseconds since the current step began. */
    long intoStep() {
        return (System.nanoTime() - wallAtStep) / 1_000_000;
    }

    @Override
    public long millis() {
        return stepStart + Math.min(intoStep(), MOST_INTO_STEP);
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis());
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
