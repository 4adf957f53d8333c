package com.camelexchange.client.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.internal.stream.StreamSessions;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * The settings of one {@link Feed}, each with the default the Camel component's option of the same name has; then
 * {@link #start} with a listener. Checked when started: a bad value fails before any request is sent.
 *
 * @param <T> what the feed delivers
 */
public final class FeedBuilder<T> {
    private final ExchangeClient client;
    /** The subject as given, checked when the feed starts. */
    private final String subject;
    private final FeedKind kind;
    private boolean streaming;
    private Duration delay = Duration.ofMillis(500);
    private Long since;
    private Positions positions = Positions.inMemory();
    private String positionKey;
    private int maxPagesPerPoll = 20;
    private int maxEventsPerPoll = 1000;
    private int pageSize = 10;
    private int size;
    private KlineType klineType = KlineType.MIN_1;
    private boolean onlyChanges;
    /** Null: each feed logs its own, once a minute per kind of failure ({@link FeedFailures}). */
    private BiConsumer<String, Throwable> failures;
    private Clock clock = Clock.systemUTC();

    FeedBuilder(ExchangeClient client, FeedKind kind, String subject) {
        this.client = Objects.requireNonNull(client, "client");
        this.kind = kind;
        this.subject = subject;
    }

    /**
     * Streams over the exchange's WebSocket (trades, K-lines, ticker, book, the account's order events) instead of
     * polling: trades, candles and order events are caught up over REST from the position after any gap, so nothing
     * is skipped or repeated. Order events come from the account's pushes, subscribed with the client's keys on a
     * connection of the account's own, and cost no REST call while pushes flow.
     */
    public FeedBuilder<T> streaming(boolean stream) {
        this.streaming = stream;
        return this;
    }

    /**
     * The wait between polls (500 ms); streamed trades and candles are read over REST this often while their
     * channel is silent.
     */
    public FeedBuilder<T> pollDelay(Duration wait) {
        this.delay = Objects.requireNonNull(wait, "pollDelay");
        return this;
    }

    /**
     * Where to start when the positions hold none: after this trade id, or at this candle open time (epoch
     * milliseconds). Without it, from now on.
     */
    public FeedBuilder<T> since(Long position) {
        this.since = position;
        return this;
    }

    /** Where the feed keeps its position (in memory by default): a feed started again from them resumes. */
    public FeedBuilder<T> positions(Positions kept) {
        this.positions = Objects.requireNonNull(kept, "positions");
        return this;
    }

    /**
     * The key of its position, e.g. for two feeds of the same data at their own pace; by default the data's own
     * ({@code trades:btc_usdt}), the one the Camel component's consumers use.
     */
    public FeedBuilder<T> positionKey(String key) {
        this.positionKey = key;
        return this;
    }

    /** The most pages one poll or one catch-up reads (20). */
    public FeedBuilder<T> maxPagesPerPoll(int pages) {
        this.maxPagesPerPoll = pages;
        return this;
    }

    /** Order and withdrawal events: the most one poll delivers (1000); the rest come with the next. */
    public FeedBuilder<T> maxEventsPerPoll(int events) {
        this.maxEventsPerPoll = events;
        return this;
    }

    /** Order and withdrawal events: records per page of their listings (10). */
    public FeedBuilder<T> pageSize(int records) {
        this.pageSize = records;
        return this;
    }

    /** A book's levels a side, 1-50 (50); a K-line read's candles, 1-1000 (1000). */
    public FeedBuilder<T> size(int levels) {
        this.size = levels;
        return this;
    }

    /** A ticker: only one whose values changed since the last delivered. */
    public FeedBuilder<T> onlyChanges(boolean changes) {
        this.onlyChanges = changes;
        return this;
    }

    FeedBuilder<T> klineType(KlineType type) {
        this.klineType = Objects.requireNonNull(type, "type");
        return this;
    }

    /**
     * Told of what goes wrong (a poll or catch-up that failed, a listener that threw, a refused channel), on the
     * feed's thread; by default logged at WARN without the stack trace, at most once a minute for the same kind of
     * failure (the others at DEBUG). The feed goes on either way: a poll or catch-up that failed is tried again after
     * a backoff (from the poll delay, doubling per failure in a row up to the client's {@code maxReconnectDelay}),
     * which the feed's {@link Feed#health()} tells.
     */
    public FeedBuilder<T> onFailure(BiConsumer<String, Throwable> told) {
        this.failures = Objects.requireNonNull(told, "onFailure");
        return this;
    }

    /** The time now, which tells when a candle's period has ended; the system's by default. */
    public FeedBuilder<T> clock(Clock now) {
        this.clock = Objects.requireNonNull(now, "clock");
        return this;
    }

    /**
     * What the feed follows, as set so far, checked: the description {@link FeedFactory} makes a feed of.
     *
     * @throws ExchangeValidationException for a value out of bounds, naming it
     */
    public FeedSpec spec() {
        return FeedSpec.of(kind, subject).withSince(since).withSize(size).withKlineType(klineType)
                .withOnlyChanges(onlyChanges).withMaxPagesPerPoll(maxPagesPerPoll).withMaxEventsPerPoll(maxEventsPerPoll)
                .withPageSize(pageSize).withPositionKey(positionKey);
    }

    /**
     * Starts delivering to {@code listener}: streaming subscribes the channel (the client's WebSocket session, one
     * per address, shared with its other feeds), polling polls at once and then every {@link #pollDelay}. Either
     * way the work runs on the client's shared stream pool, never on a thread of its own.
     *
     * @throws ExchangeValidationException for a value out of bounds, before anything is sent
     */
    @SuppressWarnings("unchecked")
    public Feed start(FeedListener<? super T> listener) {
        Objects.requireNonNull(listener, "listener");
        FeedSpec checked = spec();
        FeedHost host = new FeedHost(positions, clock, delay, null, false);
        FeedListener<Object> delivered = (FeedListener<Object>) listener;
        BiConsumer<String, Throwable> told = failures != null ? failures : new FeedFailures();
        String name = FeedFactory.name(checked);
        StreamSessions streams = ClientInternals.streams(client.resources());
        if (streaming) {
            PushedRun run = new PushedRun(FeedFactory.pushed(client, checked, host, name), delivered, told,
                    checked.subject());
            run.start();
            return run;
        }
        PolledRun run = new PolledRun(FeedFactory.polled(client, checked, host, name), streams, delivered, told);
        run.start();
        return run;
    }
}
