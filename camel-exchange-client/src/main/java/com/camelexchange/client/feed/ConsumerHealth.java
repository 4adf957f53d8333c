package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.FailureBackoff;
import com.camelexchange.client.error.Echo;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How one consumer is doing, as its work goes: whether it has succeeded once (readiness waits for it), how many
 * attempts (polls, catch-ups) failed in a row since the last success, with what, since when, and when the next
 * attempt is due ({@link FailureBackoff} says so). Written by the consumer's thread, read by health checks and the
 * dev console on theirs.
 */
public final class ConsumerHealth {
    /** The longest error message shown. */
    private static final int MAX_MESSAGE = 200;

    /** Where a consumer stands for its health check. */
    public enum State {
        /** It has not succeeded yet: not ready, though not failing either. */
        STARTING,
        UP,
        DOWN
    }

    /**
     * What a health check or the dev console shows of a consumer.
     *
     * @param state   where it stands
     * @param message why it is not UP; when it is UP, why it is degraded (a streaming consumer served over REST
     *                while its channel is silent), else null
     * @param error   the last failure, while it is failing
     * @param details what it reads and how it is doing; never a key
     */
    public record Report(State state, String message, Throwable error, Map<String, Object> details) {
    }

    private volatile boolean succeededOnce;
    /** Epoch milliseconds of the last success; 0 before the first. A number: a streaming consumer succeeds per push. */
    private volatile long lastSuccessMillis;
    private volatile int failuresInARow;
    private volatile long failures;
    private volatile Throwable lastFailure;
    private volatile boolean errorLogged;
    /** Epoch milliseconds of the first failure since the last success; 0 while none. */
    private volatile long failingSinceMillis;
    /** The next attempt after failures: when ({@link System#nanoTime()}) and how long the planned wait is. */
    private volatile Retry retry;

    /** The wait after failure {@code afterFailures} in a row: chosen when it failed, due at {@code dueNanos}. */
    private record Retry(int afterFailures, long dueNanos, long dueEpochMillis, long plannedMillis) {
    }

    /** An attempt succeeded: the failures in a row are over. */
    public void succeeded() {
        lastSuccessMillis = System.currentTimeMillis();
        if (!succeededOnce) {
            succeededOnce = true;
        }
        // Written only when they change: on the streaming path this runs once a push.
        if (failuresInARow != 0 || lastFailure != null || errorLogged || retry != null) {
            failuresInARow = 0;
            lastFailure = null;
            errorLogged = false;
            failingSinceMillis = 0;
            retry = null;
        }
    }

    /**
     * An attempt failed.
     *
     * @return whether the failure is a JVM {@link Error} (out of memory, stack overflow) to log at ERROR: the first
     *         one since the last success, so that a consumer failing on every attempt logs it once
     */
    public boolean failed(Throwable cause) {
        if (failingSinceMillis == 0) {
            failingSinceMillis = System.currentTimeMillis();
        }
        lastFailure = cause;
        failuresInARow++;
        failures++;
        if (cause instanceof Error && !errorLogged) {
            errorLogged = true;
            return true;
        }
        return false;
    }

    /**
     * The consumer waits {@code wait} before its next attempt ({@code planned}: the backoff's delay before its
     * jitter), as its health check tells until it succeeds.
     */
    public void retryIn(Duration wait, Duration planned) {
        retry = new Retry(failuresInARow, System.nanoTime() + wait.toNanos(),
                System.currentTimeMillis() + wait.toMillis(), planned.toMillis());
    }

    /** The next attempt goes at once: the consumer started again. */
    public void retryNow() {
        retry = null;
    }

    /** Whether the wait told by {@link #retryIn} is over (or there is none): the next attempt may go. */
    public boolean retryDue() {
        Retry next = retry;
        return next == null || System.nanoTime() - next.dueNanos() >= 0;
    }

    /** When the failures in a row began; null while the consumer is not failing. */
    public Instant failingSince() {
        long millis = failingSinceMillis;
        return millis == 0 ? null : Instant.ofEpochMilli(millis);
    }

    public boolean succeededOnce() {
        return succeededOnce;
    }

    /** Every failure so far: unchanged over some work means it went without one. */
    public long failures() {
        return failures;
    }

    public int failuresInARow() {
        return failuresInARow;
    }

    /** The last failure while failures go on; null after a success. */
    public Throwable lastFailure() {
        return lastFailure;
    }

    /** When an attempt last succeeded; null before the first. */
    public Instant lastSuccess() {
        long millis = lastSuccessMillis;
        return millis == 0 ? null : Instant.ofEpochMilli(millis);
    }

    /**
     * DOWN after failures in a row ({@code attempts} names them: "polls", "attempts"), saying for how long and when
     * the next attempt is due, else STARTING while not {@code ready}, else UP; the details with the failures in a
     * row and the last success added, and while failing: {@code failingSince}, {@code failingForSeconds} and, once
     * the next attempt is planned, {@code retryDelayMs} (the backoff's planned wait, doubling per failure up to its
     * cap), {@code nextTryAt} and {@code nextTryInMs}.
     */
    public Report report(String attempts, boolean ready, String notReady, Map<String, Object> details) {
        Map<String, Object> all = new LinkedHashMap<>(details);
        all.put("failuresInARow", failuresInARow);
        Instant last = lastSuccess();
        if (last != null) {
            all.put("lastSuccess", last.toString());
        }
        int failures = failuresInARow;
        Throwable failure = lastFailure;
        if (failures > 0 && failure != null) {
            return new Report(State.DOWN, failures + " " + attempts + " failed in a row" + failing(all)
                    + ", the last with: " + describe(failure) + nextTry(failures, all), failure, all);
        }
        if (!ready) {
            return new Report(State.STARTING, notReady, null, all);
        }
        return new Report(State.UP, null, null, all);
    }

    /** For how long the consumer has been failing, into the details and as words for the message. */
    private String failing(Map<String, Object> details) {
        Instant since = failingSince();
        if (since == null) {
            return "";
        }
        long seconds = Math.max(0, Duration.between(since, Instant.now()).toSeconds());
        details.put("failingSince", since.toString());
        details.put("failingForSeconds", seconds);
        return " for " + seconds + " s (since " + since + ")";
    }

    /**
     * When the attempt after failure {@code failures} is due, into the details and as words for the message; nothing
     * until the consumer has planned it (a moment after the failure), rather than the wait planned after the one
     * before.
     */
    private String nextTry(int failures, Map<String, Object> details) {
        Retry next = retry;
        if (next == null || next.afterFailures() != failures) {
            return "";
        }
        long inMillis = Math.max(0, TimeUnit.NANOSECONDS.toMillis(next.dueNanos() - System.nanoTime()));
        details.put("retryDelayMs", next.plannedMillis());
        details.put("nextTryAt", Instant.ofEpochMilli(next.dueEpochMillis()).toString());
        details.put("nextTryInMs", inMillis);
        return "; tried again in " + inMillis + " ms (backing off: " + next.plannedMillis() + " ms after this failure)";
    }

    /** The class and message of a failure, bounded: a reply's text may be echoed in it. */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null ? "" : ": " + Echo.cut(message, MAX_MESSAGE));
    }
}
