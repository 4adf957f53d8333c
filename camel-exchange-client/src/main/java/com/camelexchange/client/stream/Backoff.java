package com.camelexchange.client.stream;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Delays between attempts: doubling from a first delay up to a ceiling, each drawn at random from its
 * upper half ("equal jitter"), so that many clients dropped at once by the exchange do not come back in
 * step, while none retries sooner than half the planned delay.
 */
public final class Backoff {
    private final long firstMillis;
    private final long maxMillis;
    private int failures;

    public Backoff(Duration first, Duration max) {
        this.firstMillis = Math.max(1, first.toMillis());
        this.maxMillis = Math.max(firstMillis, max.toMillis());
    }

    /** The delay before the next attempt; each call counts one more failure. */
    public Duration next() {
        long planned = Math.min(maxMillis, firstMillis << Math.min(failures, 30));
        failures++;
        long half = planned / 2;
        return Duration.ofMillis(half + ThreadLocalRandom.current().nextLong(planned - half + 1));
    }

    /** The failures counted since the last success. */
    public int failures() {
        return failures;
    }

    /** After a success: the next failure waits the first delay again. */
    public void reset() {
        failures = 0;
    }
}
