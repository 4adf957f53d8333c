package com.camelexchange.client.internal.stream;

/**
 * A listener's hold on a channel of a {@link StreamSession}; what it tells the session about the channel goes
 * back through it.
 */
public interface StreamSubscription extends AutoCloseable {

    /** Removes the listener, unsubscribing the channel if it was the last. */
    @Override
    void close();

    /** A push of the channel could not be read (the listener catches up): counted per channel, logged. */
    void undecodable(String reason);

    /**
     * A check over REST found data the channel should have pushed while the connection was alive: the session
     * reports the silence and subscribes the channel again.
     *
     * @param evidence what was found, for the log (e.g. "12 trades over REST")
     */
    void missedPushes(String evidence);

    /**
     * Whether the channel is in a silence found to be wrong (reported, and nothing pushed since): a listener with
     * a position reads its data over REST meanwhile.
     */
    boolean silent();
}
