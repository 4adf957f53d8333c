package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.stream.StreamListener;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.client.internal.stream.StreamSessions;

import java.time.Duration;
import java.util.Map;

/**
 * One kind of pushed data (a ticker, a book, trades, K-line candles, the account's order events) for the consumer
 * that drives it ({@link com.camelexchange.client.internal.feed.PushedWork}): its channel, how to read its pushes, what is due when the
 * channel is subscribed or misses pushes, and how what arrived becomes items, with their position. Each kind is made
 * with only what it needs (its market, its options, the client for a catch-up, its positions).
 *
 * <p>The connection's threads call {@link #pushed}, {@link #subscribed}, {@link #settled}, {@link #gap} and
 * {@link #silent}: they
 * keep what arrived and say whether work waits, and return at once. The consumer's {@link #work} runs on the
 * shared pool of the streams, one run at a time.
 */
public interface Pushes {

    /** The channel, e.g. {@code btcusdt_trades}. */
    String channel();

    /** The WebSocket address the channel lives on. */
    String address();

    /** Sent with the subscription; only the short book has one. */
    default Integer length() {
        return null;
    }

    /** The session the channel is subscribed on: the address's, shared by every consumer of market data. */
    default StreamSession session(StreamSessions streams) {
        return streams.session(address());
    }

    /**
     * The frame that subscribes the channel, made anew for each subscription (a signed one); null for the plain
     * {@code addChannel} of {@link #channel()}. Called under the session's lock: return at once.
     */
    default String subscription() {
        return null;
    }

    /** The frame that ends the subscription; null for the plain {@code removeChannel} of {@link #channel()}. */
    default String unsubscription() {
        return null;
    }

    /** Whether each push is a whole snapshot that replaces the one before (see the session's snapshots). */
    default boolean snapshots() {
        return false;
    }

    /**
     * Takes what a push carries; throws an {@link com.camelexchange.client.error.ExchangeClientException} when
     * it cannot be read.
     *
     * @return whether work waits
     */
    boolean pushed(PushFrame frame);

    /** The channel is being subscribed (on a new connection, or again); whether work waits (a catch-up). */
    boolean subscribed();

    /**
     * The exchange has taken the channel's subscription (see {@link StreamListener#onSettled()}): from now on every
     * change is pushed, and what happened before is readable over REST; whether work waits (a catch-up).
     */
    default boolean settled() {
        return false;
    }

    /**
     * Pushes may have been lost, or one could not be read (the session counted and logged it); whether work waits
     * (a catch-up).
     */
    boolean gap();

    /** The channel is silent for longer than its pace allows; whether this kind checks it over REST. */
    default boolean silent() {
        return false;
    }

    /**
     * How often this kind reads its data over REST while its channel is silent (the polling delay its
     * consumer would have); null for a kind that does not (a snapshot kind: its channel is subscribed again, nothing more).
     */
    default Duration restPace() {
        return null;
    }

    /** Does what is due: emits what arrived, catches up. */
    void work(PushContext context);

    /** The consumer stopped; its work will not run again. */
    default void stop() {
    }

    /** How often work must run even without a push (a candle closes by time); null for never. */
    default Duration tick() {
        return null;
    }

    /** Why the consumer is not ready yet though subscribed (catching up at start); null when it is. */
    default String notReady() {
        return null;
    }

    /** Adds what this kind has to tell to the health check's details. */
    default void details(Map<String, Object> details) {
    }

    /** Where it stands, for the dev console; null for a kind without a position. */
    default FeedPosition state() {
        return null;
    }
}
