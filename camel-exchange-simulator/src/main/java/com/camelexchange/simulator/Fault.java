package com.camelexchange.simulator;

import java.time.Duration;
import java.util.Objects;

/**
 * A failure the simulator plays instead of a normal reply. Some faults happen before the request
 * is executed (nothing changed at the exchange), others after (the call took effect, only the reply
 * is late, damaged or lost), which is what makes a lost order reply dangerous.
 */
public final class Fault {
    public enum Kind {
        /** HTTP 500 with an HTML body; the request is not executed. */
        HTTP_500(false),
        /** HTTP 502 from a "gateway"; the request is not executed. */
        HTTP_502(false),
        /** HTTP 200 with an HTML maintenance page instead of JSON; the request is not executed. */
        HTML_ERROR_PAGE(false),
        /** The connection is closed before the request is executed. */
        CONNECTION_RESET(false),
        /** The request is executed and the reply is sent after a delay. */
        DELAY(true),
        /** The request is executed and the reply is cut in half: not valid JSON. */
        MALFORMED_JSON(true),
        /** The request is executed and the connection is closed instead of replying. */
        LOSE_REPLY(true);

        private final boolean executes;

        Kind(boolean executes) {
            this.executes = executes;
        }

        /** Whether the exchange carries out the request before the fault plays. */
        public boolean executes() {
            return executes;
        }
    }

    private final Kind kind;
    private final Duration delay;

    private Fault(Kind kind, Duration delay) {
        this.kind = kind;
        this.delay = delay;
    }

    public static Fault of(Kind kind) {
        if (kind == Kind.DELAY) {
            throw new IllegalArgumentException("Use Fault.delay(duration) for a delay");
        }
        return new Fault(kind, Duration.ZERO);
    }

    public static Fault delay(Duration delay) {
        return new Fault(Kind.DELAY, Objects.requireNonNull(delay, "delay"));
    }

    public static Fault http500() {
        return of(Kind.HTTP_500);
    }

    public static Fault http502() {
        return of(Kind.HTTP_502);
    }

    public static Fault htmlErrorPage() {
        return of(Kind.HTML_ERROR_PAGE);
    }

    public static Fault connectionReset() {
        return of(Kind.CONNECTION_RESET);
    }

    public static Fault malformedJson() {
        return of(Kind.MALFORMED_JSON);
    }

    /** The order (or any call) is carried out, but the client never gets the reply. */
    public static Fault loseReply() {
        return of(Kind.LOSE_REPLY);
    }

    public Kind kind() {
        return kind;
    }

    public Duration delayDuration() {
        return delay;
    }

    @Override
    public String toString() {
        return kind == Kind.DELAY ? "DELAY(" + delay.toMillis() + "ms)" : kind.name();
    }
}
