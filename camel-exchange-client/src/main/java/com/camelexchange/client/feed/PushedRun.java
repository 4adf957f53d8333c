package com.camelexchange.client.feed;

import com.camelexchange.client.feed.core.FeedPosition;
import com.camelexchange.client.feed.core.Pushes;
import com.camelexchange.client.stream.Backoff;
import com.camelexchange.client.stream.StreamSessions;
import com.camelexchange.client.stream.StreamSettings;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A program's streamed feed: its {@link PushedWork} delivers each item to the listener; an item the listener does
 * not take is not delivered, and comes again after the feed's failure backoff (the work catches up from the
 * position), with the items after it.
 */
final class PushedRun implements Feed, PushedWork.Delivery {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final PushedWork work;
    private final StreamHealth health;
    private final StreamSettings settings;
    private final FeedListener<Object> listener;
    private final BiConsumer<String, Throwable> failures;
    private final String subject;

    /** @param name names the feed in the log and the meters, e.g. {@code feed-trades-btc_usdt} */
    PushedRun(Pushes kind, StreamSessions streams, FeedListener<Object> listener,
              BiConsumer<String, Throwable> failures, String subject, String name) {
        this.listener = listener;
        this.failures = failures;
        this.subject = subject;
        this.settings = streams.settings();
        this.health = new StreamHealth(name);
        this.work = new PushedWork(kind, streams, health, this, new Backoff(settings.reconnectDelay(),
                settings.maxReconnectDelay()));
    }

    void start() {
        // A connection that is silent this long is taken as dead; one that is not there after it, too.
        work.start(settings.silenceTimeout().compareTo(settings.connectTimeout()) > 0 ? settings.silenceTimeout()
                : settings.connectTimeout());
    }

    @Override
    public boolean deliver(Object item, Runnable onCompleted) {
        try {
            listener.onItem(item);
        } catch (Exception e) {
            failures.accept("The listener failed; the item is delivered again", e);
            return false;
        }
        try {
            onCompleted.run();
            return true;
        } catch (RuntimeException e) {
            failures.accept("The item was delivered but its position could not be kept; it comes again", e);
            return false;
        }
    }

    @Override
    public void report(String message, Throwable cause) {
        health.note(cause);
        failures.accept(message, cause);
    }

    @Override
    public ConsumerHealth.Report health() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", "streaming");
        details.put("subject", subject);
        return work.healthReport(details);
    }

    @Override
    public FeedPosition position() {
        return work.kind().state();
    }

    @Override
    public void close() {
        try {
            work.stop(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
