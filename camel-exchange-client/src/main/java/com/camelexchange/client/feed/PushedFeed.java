package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.PushedWork;
import com.camelexchange.client.internal.feed.StreamHealth;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.feed.Pushes;
import com.camelexchange.client.internal.feed.market.TradePushes;
import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.StreamSessions;
import com.camelexchange.client.internal.stream.StreamSettings;

import java.time.Duration;
import java.util.Map;

/**
 * One kind of data streamed over the exchange's WebSocket, with its health: what a streamed {@link Feed} of a program
 * runs, and what a Camel streaming consumer runs. Made by {@link FeedFactory}. Once {@link #start started} with a
 * {@link Delivery}, it subscribes its channel on the client's session (one connection per address), delivers each
 * item on the shared stream pool, catches up over REST after any gap (trades, candles, order events), and after a
 * failure waits a backoff from the streams' {@code reconnectDelay} up to their {@code maxReconnectDelay}.
 */
public final class PushedFeed {
    /** Where the items go, and who is told of failures. */
    public interface Delivery {
        /**
         * Delivers one item and waits for it; runs {@code onCompleted} (storing a position) once it was delivered. A
         * failed delivery is the delivery's to tell.
         *
         * @return whether the item was delivered; false: it comes again
         */
        boolean deliver(Object item, Runnable onCompleted);

        /**
         * Tells of a failure of the feed's own, not of a delivery: a catch-up over REST, a refused channel, the work
         * itself. Called on the shared pool, never on the connection's threads.
         */
        void report(String message, Throwable cause);

        /** The feed's work succeeded after {@code failures} failed attempts in a row. */
        default void recovered(int failures) {
        }
    }

    private final Pushes kind;
    /**
     * Until it stops: a stopped feed may outlive its streams (a Camel consumer outlives its component's stop), and
     * the WebSocket client's selector thread ends only once nothing refers to it.
     */
    private volatile StreamSessions streams;
    private final StreamHealth health;
    private volatile PushedWork work;

    PushedFeed(Pushes kind, StreamSessions streams, String name) {
        this.kind = kind;
        this.streams = streams;
        this.health = new StreamHealth(name);
    }

    /** Subscribes its channel and delivers what it carries to {@code delivery}, from now on. */
    public void start(Delivery delivery) {
        StreamSessions streams = this.streams;
        if (streams == null) {
            throw new IllegalStateException("A stopped feed starts no more: make another");
        }
        StreamSettings settings = streams.settings();
        PushedWork started = new PushedWork(kind, streams, health, new PushedWork.Delivery() {
            @Override
            public boolean deliver(Object item, Runnable onCompleted) {
                return delivery.deliver(item, onCompleted);
            }

            @Override
            public void report(String message, Throwable cause) {
                delivery.report(message, cause);
            }

            @Override
            public void recovered(int failures) {
                delivery.recovered(failures);
            }
        }, new Backoff(settings.reconnectDelay(), settings.maxReconnectDelay()));
        work = started;
        // A connection that is silent this long is taken as dead; one that is not there after it, too.
        started.start(settings.silenceTimeout().compareTo(settings.connectTimeout()) > 0 ? settings.silenceTimeout()
                : settings.connectTimeout());
    }

    /** Leaves its channel; no delivery after this; waits up to {@code timeout} for the one in progress, if any. */
    public void stop(Duration timeout) throws InterruptedException {
        PushedWork stopping = work;
        work = null;
        streams = null;
        if (stopping != null) {
            stopping.stop(timeout);
        }
    }

    /** A failure of its own that its host met (an exception handler told): its health counts it. */
    public void note(Throwable failure) {
        health.note(failure);
    }

    /** Where it stands; null when it keeps no position. */
    public FeedPosition position() {
        return kind.state();
    }

    /** Whether it streams trades, whose ids it may refuse ({@link #refusedTradeIds()}). */
    public boolean refusesTradeIds() {
        return kind instanceof TradePushes;
    }

    /** Trade ids refused so far, pushed or read over REST; 0 for other data. */
    public long refusedTradeIds() {
        return kind instanceof TradePushes trades ? trades.refusedTradeIds() : 0;
    }

    /**
     * How it is doing: DOWN while the connection is down, the channel refused or its own attempts fail; not ready
     * before its channel is first subscribed, nor while it catches up at start.
     *
     * @param details what the host says of it first (its mode, its route)
     */
    public ConsumerHealth.Report health(Map<String, Object> details) {
        PushedWork running = work;
        return running != null ? running.healthReport(details) : health.report(null, null, details, null, null);
    }
}
