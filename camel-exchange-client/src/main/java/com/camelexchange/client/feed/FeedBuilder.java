package com.camelexchange.client.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.feed.account.OrderEventsOptions;
import com.camelexchange.client.feed.account.PolledOrderEvents;
import com.camelexchange.client.feed.account.PolledWithdrawalEvents;
import com.camelexchange.client.feed.account.WithdrawalEventsOptions;
import com.camelexchange.client.feed.core.PolledData;
import com.camelexchange.client.feed.core.PushSource;
import com.camelexchange.client.feed.core.Pushes;
import com.camelexchange.client.feed.core.StreamAddresses;
import com.camelexchange.client.feed.market.CandlePages;
import com.camelexchange.client.feed.market.DepthPushes;
import com.camelexchange.client.feed.market.KlinePushes;
import com.camelexchange.client.feed.market.PolledDepth;
import com.camelexchange.client.feed.market.PolledKline;
import com.camelexchange.client.feed.market.PolledTicker;
import com.camelexchange.client.feed.market.PolledTrades;
import com.camelexchange.client.feed.market.TickerPushes;
import com.camelexchange.client.feed.market.TradePages;
import com.camelexchange.client.feed.market.TradePushes;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.stream.StreamSessions;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * The settings of one {@link Feed}, each with the default the Camel component's option of the same name has; then
 * {@link #start} with a listener. Checked when started: a bad value fails before any request is sent.
 *
 * @param <T> what the feed delivers
 */
public final class FeedBuilder<T> {
    /** The kinds of data a program can follow. */
    enum Kind {
        TRADES, KLINE, TICKER, DEPTH, ORDERS, WITHDRAWALS
    }

    private static final Pattern MARKET = Pattern.compile("[a-z0-9]{1,20}_[a-z0-9]{1,20}");
    private static final Pattern COIN = Pattern.compile("[a-z0-9]{2,12}");
    private static final int MOST_DEPTH = 50;
    private static final int MOST_CANDLES = 1000;

    private final ExchangeClient client;
    private final Kind kind;
    private final String subject;
    private boolean streaming;
    private Duration delay = Duration.ofMillis(500);
    private Long since;
    private Positions positions = Positions.inMemory();
    private String positionKey;
    private int maxPagesPerPoll = 20;
    private int maxEventsPerPoll = 1000;
    private int pageSize = 10;
    private Integer size;
    private KlineType klineType = KlineType.MIN_1;
    private boolean onlyChanges;
    /** Null: each feed logs its own, once a minute per kind of failure ({@link FeedFailures}). */
    private BiConsumer<String, Throwable> failures;
    private Clock clock = Clock.systemUTC();

    FeedBuilder(ExchangeClient client, Kind kind, String subject) {
        this.client = Objects.requireNonNull(client, "client");
        this.kind = kind;
        this.subject = subject;
    }

    /**
     * Streams over the exchange's WebSocket (trades, K-lines, ticker, book) instead of polling: trades and candles
     * are caught up over REST from the position after any gap, so nothing is skipped or repeated.
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
     * Starts delivering to {@code listener}: streaming subscribes the channel (the client's WebSocket session, one
     * per address, shared with its other feeds), polling polls at once and then every {@link #pollDelay}. Either
     * way the work runs on the client's shared stream pool, never on a thread of its own.
     */
    @SuppressWarnings("unchecked")
    public Feed start(FeedListener<? super T> listener) {
        Objects.requireNonNull(listener, "listener");
        boolean coin = kind == Kind.WITHDRAWALS;
        if (subject == null || !(coin ? COIN : MARKET).matcher(subject).matches()) {
            throw new ExchangeValidationException(coin ? "coin" : "market", "'" + Echo.of(String.valueOf(subject))
                    + "' is not a " + (coin ? "coin such as btc" : "market such as btc_usdt"));
        }
        if (delay.toMillis() < 1) {
            throw new ExchangeValidationException("pollDelay", delay + " is out of range; at least 1 ms");
        }
        atLeast("maxPagesPerPoll", maxPagesPerPoll);
        atLeast("maxEventsPerPoll", maxEventsPerPoll);
        StreamSessions streams = client.resources().streams();
        FeedListener<Object> delivered = (FeedListener<Object>) listener;
        BiConsumer<String, Throwable> told = failures != null ? failures : new FeedFailures();
        String name = "feed-" + kind.name().toLowerCase(Locale.ROOT) + "-" + subject;
        if (streaming) {
            PushedRun run = new PushedRun(pushed(streams), streams, delivered, told, subject, name);
            run.start();
            return run;
        }
        PolledRun run = new PolledRun(polled(), client, streams, delay, delivered, told, name);
        run.start();
        return run;
    }

    private PolledData polled() {
        return switch (kind) {
            case TRADES -> new PolledTrades(new GetTrades(subject, since), maxPagesPerPoll, client, positions,
                    key(TradePages.stateKey(subject)));
            case KLINE -> {
                GetKline request = kline();
                yield new PolledKline(request, maxPagesPerPoll, positions, key(CandlePages.stateKey(request)),
                        clock::instant);
            }
            case TICKER -> new PolledTicker(new GetTicker(subject), onlyChanges);
            case DEPTH -> new PolledDepth(depth());
            case ORDERS -> {
                OrderEventsOptions options = new OrderEventsOptions(subject, pageSize, maxPagesPerPoll,
                        maxEventsPerPoll);
                yield new PolledOrderEvents(options, client, positions, key(PolledOrderEvents.stateKey(options)));
            }
            case WITHDRAWALS -> {
                WithdrawalEventsOptions options = new WithdrawalEventsOptions(subject, pageSize, maxPagesPerPoll,
                        maxEventsPerPoll);
                yield new PolledWithdrawalEvents(options, client, positions,
                        key(PolledWithdrawalEvents.stateKey(options)));
            }
        };
    }

    private Pushes pushed(StreamSessions streams) {
        PushSource source = new PushSource(streams, StreamAddresses.main(client.websocketUrl(), client.baseUrl()),
                delay);
        return switch (kind) {
            case TRADES -> TradePushes.of(new GetTrades(subject, since), maxPagesPerPoll, client, positions,
                    key(TradePages.stateKey(subject)), source);
            case KLINE -> {
                GetKline request = kline();
                yield KlinePushes.of(request, maxPagesPerPoll, client, positions, key(CandlePages.stateKey(request)),
                        clock, source);
            }
            case TICKER -> TickerPushes.of(subject, onlyChanges, client, source);
            case DEPTH -> DepthPushes.of(depth(), client, source);
            case ORDERS, WITHDRAWALS -> throw new ExchangeValidationException("streaming", "the exchange pushes no "
                    + kind.name().toLowerCase() + " events: poll them (streaming(false))");
        };
    }

    private GetKline kline() {
        int candles = size == null ? MOST_CANDLES : size;
        if (candles < 1 || candles > MOST_CANDLES) {
            throw new ExchangeValidationException("size", candles + " is out of range; 1-" + MOST_CANDLES);
        }
        return new GetKline(subject, klineType, since, candles);
    }

    private GetDepth depth() {
        int levels = size == null ? MOST_DEPTH : size;
        if (levels < 1 || levels > MOST_DEPTH) {
            throw new ExchangeValidationException("size", levels + " is out of range; 1-" + MOST_DEPTH);
        }
        return new GetDepth(subject, levels, null);
    }

    private String key(String defaultKey) {
        return positionKey != null ? positionKey : defaultKey;
    }

    private static void atLeast(String option, int value) {
        if (value < 1) {
            throw new ExchangeValidationException(option, value + " is out of range; at least 1");
        }
    }
}
