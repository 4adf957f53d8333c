package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.SerialWork;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.stream.StreamSessions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A program's polled feed: each run polls its {@link PolledFeed} once and delivers the items in order, stopping at the
 * first the listener does not take (the next poll reads it again from the position); the next run comes a poll delay
 * after, or after the feed's backoff when the poll failed, on the streams' shared pool and timer ({@link SerialWork}),
 * so no thread waits between polls.
 */
final class PolledRun implements Feed {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final PolledFeed feed;
    private final FeedListener<Object> listener;
    private final BiConsumer<String, Throwable> failures;
    private final SerialWork serial;
    private volatile boolean running = true;

    PolledRun(PolledFeed feed, StreamSessions streams, FeedListener<Object> listener,
              BiConsumer<String, Throwable> failures) {
        this.feed = feed;
        this.listener = listener;
        this.failures = failures;
        this.serial = new SerialWork(streams.workers(), streams.timer(), this::poll);
    }

    void start() {
        feed.start();
        serial.wake();
    }

    private void poll() {
        if (!running) {
            return;
        }
        Duration next = feed.pollDelay();
        try {
            PolledFeed.Batch batch = feed.poll(failures);
            int delivered = 0;
            for (PolledFeed.Item item : batch.items()) {
                if (!running || !deliver(item)) {
                    break;
                }
                delivered++;
            }
            feed.polled(batch, delivered);
        } catch (RuntimeException | Error e) {
            // An Error too: the feed must not stop polling while it looks alive.
            next = feed.failed(e).nextIn();
            failures.accept("A poll failed; the same read is tried again after a backoff", e);
        } finally {
            feed.pollEnded();
            serial.holdFor(next);
        }
    }

    private boolean deliver(PolledFeed.Item item) {
        try {
            listener.onItem(item.value());
        } catch (Exception e) {
            failures.accept("The listener failed; the item is delivered again at the next poll", e);
            return false;
        }
        try {
            item.onCompleted().run();
            return true;
        } catch (RuntimeException e) {
            failures.accept("The item was delivered but its position could not be kept; it comes again", e);
            return false;
        }
    }

    @Override
    public ConsumerHealth.Report health() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", "polling");
        return feed.health(details);
    }

    @Override
    public FeedPosition position() {
        return feed.position();
    }

    @Override
    public void close() {
        running = false;
        try {
            serial.stop(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            feed.stop();
        }
    }
}
