package com.camelexchange.component.consumer;

import com.camelexchange.client.stream.CatchUpTurns;

import java.time.Duration;
import java.util.Map;
import java.util.function.BiConsumer;

/** What {@link PushedConsumer} offers a kind of pushed data ({@link Pushes}) while it works. */
interface PushContext {

    /** Whether the consumer still runs. */
    boolean running();

    /**
     * Whether this run may emit more: false once the consumer stops, or once this run has emitted its share (the
     * consumer then runs again after the other consumers waiting on the shared pool).
     */
    boolean more();

    /**
     * Sends one message through the route and waits for it; the operation's header is added. {@code onCompleted}
     * (storing a position) runs only when the exchange completes successfully; a failure goes to the consumer's
     * exception handler.
     *
     * @return whether the exchange completed successfully
     */
    default boolean emit(Object body, Map<String, Object> headers, Runnable onCompleted) {
        return emit(body, (ignored, into) -> into.putAll(headers), onCompleted);
    }

    /**
     * {@link #emit(Object, Map, Runnable)}, with the headers put by {@code headers} straight into the message's
     * own: nothing per message but the message, for a kind that emits many.
     */
    <B> boolean emit(B body, BiConsumer<? super B, Map<String, Object>> headers, Runnable onCompleted);

    /** Work is waiting: run again, after the consumers waiting before. */
    void wake();

    /** The next run starts no sooner than {@code delay} after this one; no thread waits meanwhile. */
    void holdFor(Duration delay);

    /** A call or a route failed: the next run comes after the consumer's failure backoff. */
    void failed();

    /** Work went well: the next failure waits the first delay again. */
    void succeeded();

    /** Tells the consumer's exception handler (and its health). */
    void report(String message, Throwable cause);

    /** REST showed data the channel should have pushed: the session reports it and subscribes again. */
    void missedPushes(String evidence);

    /** Whether the channel is in a silence found to be wrong, until it pushes again (see the session). */
    boolean channelSilent();

    /** Asks for a turn at catching up over REST; the consumer is woken when a queued turn is granted. */
    CatchUpTurns.Turn askTurn();
}
