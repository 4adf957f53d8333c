package com.camelexchange.client.feed;

import com.camelexchange.client.error.Echo;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How one consumer is doing, as its work goes: whether it has succeeded once (readiness waits for it), how many
 * attempts (polls, catch-ups) failed in a row since the last success and with what. Written by the consumer's
 * thread, read by health checks and the dev console on theirs.
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

    /** An attempt succeeded: the failures in a row are over. */
    public void succeeded() {
        lastSuccessMillis = System.currentTimeMillis();
        if (!succeededOnce) {
            succeededOnce = true;
        }
        // Written only when they change: on the streaming path this runs once a push.
        if (failuresInARow != 0 || lastFailure != null || errorLogged) {
            failuresInARow = 0;
            lastFailure = null;
            errorLogged = false;
        }
    }

    /**
     * An attempt failed.
     *
     * @return whether the failure is a JVM {@link Error} (out of memory, stack overflow) to log at ERROR: the first
     *         one since the last success, so that a consumer failing on every attempt logs it once
     */
    public boolean failed(Throwable cause) {
        lastFailure = cause;
        failuresInARow++;
        failures++;
        if (cause instanceof Error && !errorLogged) {
            errorLogged = true;
            return true;
        }
        return false;
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
     * DOWN after failures in a row ({@code attempts} names them: "polls", "attempts"), else STARTING while not
     * {@code ready}, else UP; the details with the failures in a row and the last success added.
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
            return new Report(State.DOWN, failures + " " + attempts + " failed in a row, the last with: "
                    + describe(failure), failure, all);
        }
        if (!ready) {
            return new Report(State.STARTING, notReady, null, all);
        }
        return new Report(State.UP, null, null, all);
    }

    /** The class and message of a failure, bounded: a reply's text may be echoed in it. */
    public static String describe(Throwable failure) {
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null ? "" : ": " + Echo.cut(message, MAX_MESSAGE));
    }
}
