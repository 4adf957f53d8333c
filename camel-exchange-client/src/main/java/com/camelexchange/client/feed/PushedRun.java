package com.camelexchange.client.feed;

import com.camelexchange.client.feed.FeedPosition;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A program's streamed feed: its {@link PushedFeed} delivers each item to the listener; an item the listener does
 * not take is not delivered, and comes again after the feed's failure backoff (the feed catches up from the
 * position), with the items after it.
 */
final class PushedRun implements Feed, PushedFeed.Delivery {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final PushedFeed feed;
    private final FeedListener<Object> listener;
    private final BiConsumer<String, Throwable> failures;
    private final String subject;

    PushedRun(PushedFeed feed, FeedListener<Object> listener, BiConsumer<String, Throwable> failures,
              String subject) {
        this.feed = feed;
        this.listener = listener;
        this.failures = failures;
        this.subject = subject;
    }

    void start() {
        feed.start(this);
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
        feed.note(cause);
        failures.accept(message, cause);
    }

    @Override
    public ConsumerHealth.Report health() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", "streaming");
        details.put("subject", subject);
        return feed.health(details);
    }

    @Override
    public FeedPosition position() {
        return feed.position();
    }

    @Override
    public void close() {
        try {
            feed.stop(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
