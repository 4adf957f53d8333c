package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.PushFrames;

import java.util.Collection;
import java.util.Map;

/**
 * Finds out when the exchange has taken a subscription, and tells the channel's listeners
 * ({@link StreamListener#onSettled()}). The exchange never acknowledges a subscription (a trades channel sends
 * nothing on subscribing), so a change made between a listener's catch-up over REST and the moment the exchange
 * takes the subscription would be neither in that catch-up nor pushed. But it answers a ping with a pong, and takes
 * a connection's frames in order: the pong to a ping sent after a subscribe frame proves the subscription was taken.
 *
 * <p>One ping per batch: the subscriptions sent together (every channel of a new connection, a channel subscribed
 * on the connection open now, a channel subscribed again) wait for the same ping, sent after them. A pong names no
 * ping, so the pongs of a connection are counted: the n-th pong answers the n-th ping at the earliest (a pong lost,
 * in a stall, only moves the count back), and a subscription settles once the count reaches the number of its ping:
 * never before the exchange took it, at worst one keepalive ping later. The keepalive's pings count too
 * ({@link Connection#ping}). A subscription whose connection drops before the pong never settles; the next
 * connection's does.
 */
final class SubscriptionSettlement {
    private final PushFrames frames;
    private final Map<String, SessionChannel> channels;

    /** @param channels the session's channels: a pong settles those of its connection that wait for it */
    SubscriptionSettlement(PushFrames frames, Map<String, SessionChannel> channels) {
        this.frames = frames;
        this.channels = channels;
    }

    /** Sends a ping after the subscriptions of {@code subscribed} just sent on {@code connection}. */
    void await(Connection connection, Collection<SessionChannel> subscribed) {
        if (connection.gone || subscribed.isEmpty()) {
            return;
        }
        long ping = connection.ping(frames.ping());
        for (SessionChannel channel : subscribed) {
            channel.awaitSettle(connection.attempt, ping);
        }
        // The pong may have come before the channels were marked: it settles them here, then.
        long pongs = connection.pongs();
        for (SessionChannel channel : subscribed) {
            settle(channel, connection.attempt, pongs);
        }
    }

    /** A pong came on {@code connection} (one the session holds): the subscriptions it answers are settled. */
    void ponged(Connection connection) {
        long pongs = connection.ponged();
        for (SessionChannel channel : channels.values()) {
            settle(channel, connection.attempt, pongs);
        }
    }

    /**
     * A listener joined a channel subscribed on {@code connection} without a subscription of its own: told at once
     * if the channel's subscription is settled already, else with the channel's other listeners when it is.
     */
    void joined(SessionChannel channel, StreamListener listener, Connection connection) {
        if (channel.settledOn(connection.attempt)) {
            channel.tell(listener, StreamListener::onSettled);
        }
    }

    private static void settle(SessionChannel channel, int attempt, long pongs) {
        if (channel.settleIf(attempt, pongs)) {
            channel.tellAll(StreamListener::onSettled);
        }
    }
}
