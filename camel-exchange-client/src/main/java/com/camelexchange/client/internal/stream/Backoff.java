package com.camelexchange.client.internal.stream;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Delays between attempts: doubling from a first delay up to a ceiling, each drawn at random from its
 * upper half ("equal jitter"), so that many clients dropped at once by the exchange do not come back in
 * step, while none retries sooner than half the planned delay. The one rule for every wait after failures:
 * reconnecting a WebSocket, and a consumer's failed attempts (a poll, a catch-up over REST; see
 * {@link com.camelexchange.client.internal.feed.FailureBackoff}).
 */
public final class Backoff {
    private final long firstMillis;
    private final long maxMillis;
    private int failures;
    private volatile long plannedMillis;

    public Backoff(Duration first, Duration max) {
        this.firstMillis = Math.max(1, first.toMillis());
        this.maxMillis = Math.max(firstMillis, max.toMillis());
    }

    /** The delay before the next attempt; each call counts one more failure. */
    public Duration next() {
        long planned = Math.min(maxMillis, firstMillis << Math.min(failures, 30));
        failures++;
        plannedMillis = planned;
        long half = planned / 2;
        return Duration.ofMillis(half + ThreadLocalRandom.current().nextLong(planned - half + 1));
    }

    /** The failures counted since the last success. */
    public int failures() {
        return failures;
    }

    /**
     * The delay planned for the last attempt, before its jitter: the first delay times two to the failures before
     * it, at most the ceiling; zero after a success. Read by health checks and meters, on their threads.
     */
    public Duration planned() {
        return Duration.ofMillis(plannedMillis);
    }

    /** After a success: the next failure waits the first delay again. */
    public void reset() {
        failures = 0;
        plannedMillis = 0;
    }
}
