package com.camelexchange.client.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.feed.core.FeedPosition;
import com.camelexchange.client.feed.core.PolledData;
import com.camelexchange.client.feed.core.ReadProfile;
import com.camelexchange.client.feed.core.SharedReader;
import com.camelexchange.client.feed.core.SharedReads;
import com.camelexchange.client.stream.StreamSessions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * A program's polled feed: each run polls the data once and delivers its items in order, stopping at the first the
 * listener does not take (the next poll reads it again from the position); the next run comes {@code delay} after,
 * on the streams' shared pool and timer ({@link SerialWork}), so no thread waits between polls. After a poll that
 * failed (a page refused whole, the exchange unavailable) the next comes after the {@link FailureBackoff} instead:
 * from the delay, doubling per failure in a row up to the streams' {@code maxReconnectDelay}.
 */
final class PolledRun implements Feed, PolledData.Poll {
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);

    private final PolledData data;
    private final SharedReader reads;
    private final FeedListener<Object> listener;
    private final BiConsumer<String, Throwable> failures;
    private final Duration delay;
    private final SerialWork serial;
    private final ConsumerHealth health = new ConsumerHealth();
    private final FailureBackoff backoff;
    private volatile boolean running = true;
    // Set by a poll, read by health checks.
    private volatile int left;

    /** @param name names the feed in the meters, e.g. {@code feed-trades-btc_usdt} */
    PolledRun(PolledData data, ExchangeClient client, StreamSessions streams, Duration delay,
              FeedListener<Object> listener, BiConsumer<String, Throwable> failures, String name) {
        this.data = data;
        this.listener = listener;
        this.failures = failures;
        this.delay = delay;
        this.backoff = FailureBackoff.polling(delay, streams.settings().maxReconnectDelay(), health, client.metrics(),
                name);
        // Reads of its own: a reply younger than the delay, or a full page of trades, is not asked for twice.
        this.reads = new SharedReads().reader(new ReadProfile(client.baseUrl(), null, null, 0, 0, 0, 0, 0), client,
                delay.toNanos(), TimeUnit.NANOSECONDS);
        this.serial = new SerialWork(streams.workers(), streams.timer(), this::poll);
    }

    void start() {
        data.start(reads);
        serial.wake();
    }

    private void poll() {
        if (!running) {
            return;
        }
        int known = 0;
        Duration next = delay;
        try {
            List<PolledData.Item> items = data.poll(this);
            int delivered = 0;
            for (PolledData.Item item : items) {
                if (!running || !deliver(item)) {
                    break;
                }
                delivered++;
            }
            known = items.size() - delivered;
            health.succeeded();
            backoff.succeeded();
        } catch (RuntimeException | Error e) {
            // An Error too: the feed must not stop polling while it looks alive.
            health.failed(e);
            next = backoff.failed();
            failures.accept("A poll failed; the same read is tried again after a backoff", e);
        } finally {
            left += known;
            reads.pollEnded();
            serial.holdFor(next);
        }
    }

    private boolean deliver(PolledData.Item item) {
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
    public void leftForNextPoll(int known, boolean more) {
        left = known;
    }

    @Override
    public void report(String message, Throwable problem) {
        failures.accept(message, problem);
    }

    @Override
    public ConsumerHealth.Report health() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", "polling");
        if (data.keepsPosition()) {
            details.put("lag", left);
        }
        data.healthDetails(details);
        return health.report("polls", health.succeededOnce(), "starting: no poll has succeeded yet", details);
    }

    @Override
    public FeedPosition position() {
        return data.state();
    }

    @Override
    public void close() {
        running = false;
        try {
            serial.stop(STOP_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            data.stop();
        }
    }
}
