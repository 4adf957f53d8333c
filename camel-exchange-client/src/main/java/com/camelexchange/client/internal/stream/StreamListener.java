package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.PushFrame;

import java.time.Duration;

/**
 * A subscriber of one channel. Called on the connection's thread, the JDK client's selector thread, which reads the
 * frames of every connection of the sessions: implementations keep what arrived, hand the work over and return at
 * once, never waiting, since one slow subscriber would otherwise hold up every channel.
 */
public interface StreamListener {

    /**
     * The channel is being subscribed on a new connection (the first one, or after a reconnect), or the listener
     * joins it on the connection open now: pushes sent while there was none are lost, so a subscriber with a
     * position catches up from it now. Told before the subscription is sent, so before any push it brings.
     */
    void onSubscribed();

    /**
     * The exchange has taken the subscription told by the last {@link #onSubscribed()}: it answered a ping sent
     * after it. The exchange acknowledges no subscription, and a change made before it took it is not pushed
     * (trades push nothing on subscribing), so a subscriber that caught up on being subscribed may have missed what
     * happened since that catch-up; from now on every change is pushed. Not told when the connection drops first
     * (the next connection's subscription is); a listener joining a channel whose subscription is settled already
     * is told at once. A listener may rarely be told twice for one subscription (a joiner as its channel settles):
     * a second catch-up finds nothing new. Return at once, as for a push.
     */
    default void onSettled() {
    }

    /**
     * A frame of the channel, read once for all its subscribers: each takes its payload from it (one that
     * could not be read throws the reason when asked for it).
     */
    void onFrame(PushFrame frame);

    /**
     * Pushes may have been lost without the connection dropping (an undecodable frame, a frame too large):
     * a subscriber with a position catches up.
     */
    void onGap(String reason);

    /** The exchange refused the channel (an error frame, such as 1007 for an unknown channel). */
    void onChannelError(int code, String message);

    /**
     * The channel has pushed nothing for longer than its pace allows while the connection answers pings.
     * Called on the session's timer: hand the work over and return at once.
     *
     * @return true when this listener checks over REST whether the channel missed pushes (and tells the
     *         session through {@link StreamSubscription#missedPushes}); false lets the session subscribe the
     *         channel again, which is all a snapshot listener can do
     */
    default boolean onSilent(Duration silentFor) {
        return false;
    }

    /**
     * Whether each push of the channel is a whole snapshot that replaces the ones before (a ticker, a book).
     * The exchange sends a snapshot when a channel is subscribed, but a listener joining a channel that is
     * subscribed already sends no subscription; the session then hands it the last snapshot it received.
     */
    default boolean snapshots() {
        return false;
    }

    /**
     * The frame that subscribes the channel, made anew for each subscription (a signed one carries a {@code no}
     * and a signature of its own); null for the plain {@code addChannel} of the channel's name. Asked of the
     * channel's first listener, under the session's lock: return at once.
     */
    default String subscription() {
        return null;
    }

    /** The frame that ends the subscription; null for the plain {@code removeChannel} of the channel's name. */
    default String unsubscription() {
        return null;
    }
}
