package com.camelexchange.simulator;

import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A failure the simulator plays instead of a normal reply. Some faults happen before the request
 * is executed (nothing changed at the exchange), others after (the call took effect, only the reply
 * is late, damaged, lost or hostile), which is what makes a lost order reply dangerous.
 *
 * <ul>
 *   <li>Not executed: {@link #http500()}, {@link #http502()}, {@link #htmlErrorPage()},
 *       {@link #connectionReset()}, {@link #errorReply(int)} (an error code instead).</li>
 *   <li>Executed, then: {@link #delay(Duration)} (the reply comes late), {@link #malformedJson()}
 *       (cut in half), {@link #loseReply()} (the connection closes instead), {@link #dropReply()} (no reply,
 *       the connection stays open), {@link #trickle(Duration)}
 *       (the real reply, one byte at a time), {@link #oversized(long)} (the real reply behind
 *       megabytes of spaces), {@link #forgedTrade(long)} (a trade id the tape does not hold),
 *       {@link #http504()} (a gateway that passed the call on gives up waiting),
 *       {@link #errorReplyAfterExecution(int)} (an error code instead of the real reply).</li>
 * </ul>
 *
 * The last two are hostile replies a client must survive without hanging or running out of memory: a
 * client needs a deadline for the whole reply, not only for the next byte, and a cap on its size.
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
        /** An error reply with the code {@link Fault#code()}, HTTP 200; the request is not executed. */
        ERROR_REPLY(false),
        /**
         * The request is executed, then the reply is an error with the code {@link Fault#code()}, HTTP 200: an
         * exchange whose engine took the call while its front end failed (1002 internal error, 9999 unknown error).
         */
        ERROR_REPLY_AFTER_EXECUTION(true),
        /** The request is executed; a gateway that passed it on answers HTTP 504 instead of the reply. */
        HTTP_504(true),
        /** The request is executed and the reply is sent after a delay. */
        DELAY(true),
        /** The request is executed and the reply is cut in half: not valid JSON. */
        MALFORMED_JSON(true),
        /** The request is executed and the connection is closed instead of replying. */
        LOSE_REPLY(true),
        /**
         * The request is executed and no reply is ever sent, while the connection stays open: the client learns
         * nothing until its own deadline (over HTTP, the server's idle timeout of 120 s closes it at last).
         */
        DROP_REPLY(true),
        /**
         * The request is executed; the status, the headers (with the Content-Length of the whole body)
         * go out at once, then the real body one byte per {@link Fault#perByte()}.
         */
        TRICKLE(true),
        /**
         * The request is executed; the reply is the real JSON body preceded by ASCII spaces so that it
         * is {@link Fault#bytes()} long in all (still valid JSON of the same shape), streamed.
         */
        OVERSIZED(true),
        /**
         * The request is executed; a {@code trades} reply gets one more trade with the id {@link Fault#tid()} (the
         * values of its last trade), which the tape does not hold: a reply with an id the exchange never confirms.
         * Any other reply is sent as it is.
         */
        FORGED_TRADE(true),
        /**
         * The request is executed; its real reply is sent as {@link Fault#rewrite(String, UnaryOperator)}'s function
         * rewrites it: e.g. one field of one record set to a value no real exchange sends ({@link JsonRewrite}).
         */
        REWRITE(true);

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
    private final Duration duration;
    private final long bytes;
    private final String description;
    private final UnaryOperator<String> rewrite;

    private Fault(Kind kind, Duration duration, long bytes) {
        this(kind, duration, bytes, null, null);
    }

    private Fault(Kind kind, Duration duration, long bytes, String description, UnaryOperator<String> rewrite) {
        this.kind = kind;
        this.duration = duration;
        this.bytes = bytes;
        this.description = description;
        this.rewrite = rewrite;
    }

    /** A fault that takes no parameter; use the factories for a delay, a trickle or an oversized reply. */
    public static Fault of(Kind kind) {
        String factory = switch (kind) {
            case DELAY -> "Fault.delay(duration) for a delay";
            case TRICKLE -> "Fault.trickle(perByte) for a trickle";
            case OVERSIZED -> "Fault.oversized(bytes) for an oversized reply";
            case FORGED_TRADE -> "Fault.forgedTrade(tid) for a forged trade";
            case REWRITE -> "Fault.rewrite(description, rewrite) for a rewritten reply";
            case ERROR_REPLY, ERROR_REPLY_AFTER_EXECUTION -> "Fault.errorReply(code) or errorReplyAfterExecution(code)"
                    + " for an error reply";
            default -> null;
        };
        if (factory != null) {
            throw new IllegalArgumentException("Use " + factory);
        }
        return new Fault(kind, Duration.ZERO, 0);
    }

    public static Fault delay(Duration delay) {
        return new Fault(Kind.DELAY, Objects.requireNonNull(delay, "delay"), 0);
    }

    /**
     * The call is carried out, then its real reply is written one byte every {@code perByte} (timers
     * tick in whole milliseconds, so at least one): the status and headers at once, with the
     * Content-Length of the whole body, so a client keeps waiting for the rest. Writing stops when the
     * client closes the connection.
     */
    public static Fault trickle(Duration perByte) {
        Objects.requireNonNull(perByte, "perByte");
        if (perByte.isNegative() || perByte.isZero()) {
            throw new IllegalArgumentException("perByte must be positive: " + perByte);
        }
        return new Fault(Kind.TRICKLE, perByte, 0);
    }

    /**
     * The call is carried out, then the reply is its real JSON body preceded by ASCII spaces so that
     * the whole body is {@code bytes} long (leading whitespace is legal JSON: a client without a size
     * cap would accept it). Sent with that Content-Length, streamed in chunks of 64 KiB as fast as the
     * client reads, never held in memory whole, and stopped when the client closes the connection. A
     * size below the real body's sends the real body unpadded.
     */
    public static Fault oversized(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("bytes must be positive: " + bytes);
        }
        return new Fault(Kind.OVERSIZED, Duration.ZERO, bytes);
    }

    /**
     * The call is carried out; a {@code trades} reply then carries one more trade, with id {@code tid} and the
     * values of the reply's last trade (an empty reply gets a trade at price 1), which is on no tape: a later
     * call does not show it unless this fault plays again. E.g. {@code Long.MAX_VALUE}, or an id far past the tape.
     */
    public static Fault forgedTrade(long tid) {
        return new Fault(Kind.FORGED_TRADE, Duration.ZERO, tid);
    }

    /**
     * The call is carried out; its real reply (the JSON text the exchange would have sent, error replies included) is
     * sent as {@code rewrite} makes it. {@link JsonRewrite} makes the usual ones: one field of one record set to a
     * hostile value, removed or sent twice.
     *
     * @param description what the rewrite does, for messages and test names
     */
    public static Fault rewrite(String description, UnaryOperator<String> rewrite) {
        return new Fault(Kind.REWRITE, Duration.ZERO, 0, Objects.requireNonNull(description, "description"),
                Objects.requireNonNull(rewrite, "rewrite"));
    }

    /** The reply as a {@link Kind#REWRITE} sends it; the reply itself for the other kinds. */
    public String rewritten(String reply) {
        return kind == Kind.REWRITE ? rewrite.apply(reply) : reply;
    }

    /** The exchange answers with error {@code code} (e.g. 1002, 9999, 2009) and does not carry the call out. */
    public static Fault errorReply(int code) {
        return new Fault(Kind.ERROR_REPLY, Duration.ZERO, code);
    }

    /**
     * The exchange carries the call out (the order exists) and still answers with error {@code code}: a reply whose
     * code does not prove that nothing happened, such as 1002 (internal error) or 9999 (unknown error).
     */
    public static Fault errorReplyAfterExecution(int code) {
        return new Fault(Kind.ERROR_REPLY_AFTER_EXECUTION, Duration.ZERO, code);
    }

    /** A gateway passed the call on, the exchange carried it out, and the gateway answers 504 instead. */
    public static Fault http504() {
        return of(Kind.HTTP_504);
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

    /** The order (or any call) is carried out, but the client never gets the reply: the connection closes. */
    public static Fault loseReply() {
        return of(Kind.LOSE_REPLY);
    }

    /** The call is carried out and its reply never sent; the connection stays open, silent about it. */
    public static Fault dropReply() {
        return of(Kind.DROP_REPLY);
    }

    public Kind kind() {
        return kind;
    }

    /** The delay of a {@link Kind#DELAY}; zero for the other kinds. */
    public Duration delayDuration() {
        return kind == Kind.DELAY ? duration : Duration.ZERO;
    }

    /** The time between two bytes of a {@link Kind#TRICKLE}; zero for the other kinds. */
    public Duration perByte() {
        return kind == Kind.TRICKLE ? duration : Duration.ZERO;
    }

    /** The total body size of an {@link Kind#OVERSIZED} reply; zero for the other kinds. */
    public long bytes() {
        return kind == Kind.OVERSIZED ? bytes : 0;
    }

    /** The id of a {@link Kind#FORGED_TRADE}; zero for the other kinds. */
    public long tid() {
        return kind == Kind.FORGED_TRADE ? bytes : 0;
    }

    /** The error code of an {@link Kind#ERROR_REPLY} or {@link Kind#ERROR_REPLY_AFTER_EXECUTION}; zero otherwise. */
    public int code() {
        return kind == Kind.ERROR_REPLY || kind == Kind.ERROR_REPLY_AFTER_EXECUTION ? (int) bytes : 0;
    }

    @Override
    public String toString() {
        return switch (kind) {
            case ERROR_REPLY, ERROR_REPLY_AFTER_EXECUTION -> kind.name() + "(" + bytes + ")";
            case DELAY -> "DELAY(" + duration.toMillis() + "ms)";
            case TRICKLE -> "TRICKLE(" + duration.toMillis() + "ms/byte)";
            case OVERSIZED -> "OVERSIZED(" + bytes + " bytes)";
            case FORGED_TRADE -> "FORGED_TRADE(tid " + bytes + ")";
            case REWRITE -> "REWRITE(" + description + ")";
            default -> kind.name();
        };
    }
}
