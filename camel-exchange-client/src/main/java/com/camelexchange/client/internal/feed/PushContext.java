package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.stream.CatchUpTurns;

import java.time.Duration;

/** What the consumer driving a kind of pushed data ({@link Pushes}) offers it while it works. */
public interface PushContext {

    /** Whether the consumer still runs. */
    boolean running();

    /**
     * Whether this run may emit more: false once the consumer stops, or once this run has emitted its share (the
     * consumer then runs again after the other consumers waiting on the shared pool).
     */
    boolean more();

    /**
     * Delivers one item (to a route, to a program's listener) and waits for it. {@code onCompleted} (storing a
     * position) runs only when the item was delivered; a failure is told to the consumer's own handler.
     *
     * @return whether the item was delivered
     */
    boolean emit(Object item, Runnable onCompleted);

    /** Work is waiting: run again, after the consumers waiting before. */
    void wake();

    /** The next run starts no sooner than {@code delay} after this one; no thread waits meanwhile. */
    void holdFor(Duration delay);

    /** A call or a delivery failed: the next run comes after the consumer's failure backoff. */
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
