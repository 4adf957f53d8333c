package com.camelexchange.client.feed;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.internal.feed.FailureBackoff;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.internal.feed.SharedReads;
import com.camelexchange.client.internal.feed.market.PolledTrades;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * One kind of data polled, with its health and its backoff after failed polls: what a polled {@link Feed} of a
 * program runs on its timer, and what a Camel polling consumer runs on Camel's scheduler. Made by
 * {@link FeedFactory}. The host asks for a poll's items ({@link #poll}), delivers them in order, each followed by
 * its {@link Item#onCompleted()} (a position kept), stops at the first one not taken (the next poll reads it again),
 * and then says how it went ({@link #polled} or {@link #failed}). One poll at a time; health reads from any thread.
 */
public final class PolledFeed {
    /** One item to deliver, and what to record once it was delivered (a position): nothing before. */
    public record Item(Object value, Runnable onCompleted) {
    }

    /**
     * What one poll found.
     *
     * @param items     the items to deliver, oldest first
     * @param leftKnown items found beyond what one poll delivers, left for the next
     * @param more      whether more wait on the exchange beyond what the poll's pages read
     */
    public record Batch(List<Item> items, int leftKnown, boolean more) {
    }

    private final PolledData data;
    private final com.camelexchange.client.ExchangeClient client;
    private final FeedHost host;
    private final ConsumerHealth health = new ConsumerHealth();
    /** Null in a backtest: its polls follow the recording's clock. */
    private final FailureBackoff backoff;
    private SharedReader reads;
    // Set by a poll, read by health checks.
    private volatile int lag;
    private volatile boolean catchingUp;

    PolledFeed(PolledData data, com.camelexchange.client.ExchangeClient client, FeedHost host, String name) {
        this.data = data;
        this.client = client;
        this.host = host;
        this.backoff = host.replay() ? null : FailureBackoff.polling(host.pollDelay(),
                client.resources().maxReconnectDelay(), health, client.metrics(), name);
    }

    /** Starts (again): reads the kept position; the first poll goes at once, whatever a run of failures planned. */
    public void start() {
        SharedReads shared = host.replay() ? new SharedReads() : ClientInternals.sharedReads(client.resources());
        reads = shared.reader(ClientInternals.readProfile(client), client, host.pollDelay().toNanos(), TimeUnit.NANOSECONDS);
        data.start(reads);
        if (backoff != null) {
            backoff.restarted();
        }
    }

    /**
     * The items of one poll. A failure is thrown as it came: the host tells it with {@link #failed}.
     *
     * @param problems told of a problem that does not stop the poll (an order looked up in vain)
     */
    public Batch poll(BiConsumer<String, Throwable> problems) {
        int[] left = new int[1];
        boolean[] more = new boolean[1];
        List<PolledData.Item> found = data.poll(new PolledData.Poll() {
            @Override
            public void leftForNextPoll(int known, boolean beyond) {
                left[0] += known;
                more[0] |= beyond;
            }

            @Override
            public void report(String message, Throwable problem) {
                problems.accept(message, problem);
            }
        });
        List<Item> items = new java.util.ArrayList<>(found.size());
        for (PolledData.Item item : found) {
            items.add(new Item(item.value(), item.onCompleted()));
        }
        return new Batch(items, left[0], more[0]);
    }

    /** The poll succeeded and {@code delivered} of its items were taken: the failures in a row, if any, are over. */
    public void polled(Batch batch, int delivered) {
        lag = batch.items().size() - delivered + batch.leftKnown();
        catchingUp = lag > 0 || batch.more();
        health.succeeded();
        if (backoff != null) {
            backoff.succeeded();
        }
    }

    /**
     * What a failed poll means for the next.
     *
     * @param nextIn     how long the next poll waits: the backoff after this failure (the poll delay without one)
     * @param firstError whether the failure is a JVM {@link Error} to log at ERROR: the first since the last success
     */
    public record Failure(Duration nextIn, boolean firstError) {
    }

    /** The poll failed: the next waits the backoff. */
    public Failure failed(Throwable failure) {
        boolean firstError = health.failed(failure);
        return new Failure(backoff != null ? backoff.failed() : host.pollDelay(), firstError);
    }

    /** The poll is over, its items delivered: the replies it read may serve the next poll of another feed. */
    public void pollEnded() {
        if (reads != null) {
            reads.pollEnded();
        }
    }

    /** Whether a poll is due: not while the backoff after failed polls lasts. */
    public boolean due() {
        return backoff == null || backoff.due();
    }

    /** How many polls failed in a row: 0 after a success. */
    public int failuresInARow() {
        return health.failuresInARow();
    }

    /** Stops: what the data holds is let go. */
    public void stop() {
        data.stop();
    }

    /** Where it stands; null when it keeps no position, or before it started. */
    public FeedPosition position() {
        return data.state();
    }

    /**
     * How it is doing: DOWN while polls fail (with how long and when the next is due), not ready before the first
     * succeeded.
     *
     * @param details what the host says of it first (its mode, its route)
     */
    public ConsumerHealth.Report health(Map<String, Object> details) {
        if (data.keepsPosition()) {
            details.put("lag", lag);
            details.put("catchingUp", catchingUp);
        }
        data.healthDetails(details);
        return health.report("polls", health.succeededOnce(), "starting: no poll has succeeded yet", details);
    }

    /** Whether it polls trades, whose ids it may refuse ({@link #refusedTradeIds()}). */
    public boolean refusesTradeIds() {
        return data instanceof PolledTrades;
    }

    /** Trade ids refused so far; 0 for other data. */
    public long refusedTradeIds() {
        return data instanceof PolledTrades trades ? trades.refusedTradeIds() : 0;
    }

    /** The wait between polls. */
    public Duration pollDelay() {
        return host.pollDelay();
    }
}
