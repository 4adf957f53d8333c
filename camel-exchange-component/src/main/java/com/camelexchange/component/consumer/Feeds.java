package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.feed.ClosedCandle;
import com.camelexchange.client.feed.FeedFactory;
import com.camelexchange.client.feed.FeedHost;
import com.camelexchange.client.feed.FeedKind;
import com.camelexchange.client.feed.FeedSpec;
import com.camelexchange.client.feed.PolledFeed;
import com.camelexchange.client.feed.PushedFeed;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.request.RequestResolver;
import org.apache.camel.Message;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one place where an endpoint's operation becomes a description of the data its consumers follow (the client's
 * {@link FeedSpec}, of which the client's {@link FeedFactory} makes the polled or streamed feed, as it does for a
 * program's feeds) and how an item becomes a message (body and headers). Each spec is made from the resolved
 * options when the consumer starts, so a bad option fails the route's start. A new operation is one case here: the
 * switch names every operation, so the compiler asks for it.
 */
public final class Feeds {
    /** The account's own state (orders, withdrawals) of a paper run is kept under keys of its own. */
    static final String PAPER_PREFIX = "paper:";

    /**
     * What a consumer of an endpoint reads.
     *
     * @param kind     the kind of data
     * @param spec     what it follows, resolved from the endpoint's options when the consumer starts
     * @param messages how an item becomes a message
     */
    public record Feed(ExchangeEndpoint endpoint, FeedKind kind, Supplier<FeedSpec> spec, Messages messages) {
        /** The feed its polling consumer polls. */
        public PolledFeed polled() {
            FeedSpec resolved = spec.get();
            return FeedFactory.polled(endpoint.client(), resolved, host(endpoint, resolved, false),
                    endpoint.healthCheckName());
        }

        /**
         * The feed its streaming consumer streams.
         *
         * @throws com.camelexchange.client.error.ExchangeValidationException for data the exchange does not push
         */
        public PushedFeed pushed() {
            FeedSpec resolved = spec.get();
            return FeedFactory.pushed(endpoint.client(), resolved, host(endpoint, resolved, false),
                    endpoint.healthCheckName());
        }

        /** What a backtest's K-line consumer reads of the recording: its closed candles, on the replay's clock. */
        public PolledFeed replayed() {
            FeedSpec resolved = spec.get();
            return FeedFactory.polled(endpoint.client(), resolved, host(endpoint, resolved, true),
                    endpoint.healthCheckName());
        }

        /** Whether the exchange pushes this data, so that its consumer may stream. */
        public boolean pushable() {
            return kind.pushed();
        }
    }

    /** How an item of a feed becomes a message: its body and the headers a flow routes on. */
    public record Messages(Function<Object, Object> body, BiConsumer<Object, Map<String, Object>> headers) {
        static Messages of(BiConsumer<Object, Map<String, Object>> headers) {
            return new Messages(Function.identity(), headers);
        }

        /** Gives {@code message} the body and headers of {@code item}, the same whichever consumer delivers it. */
        void into(Object item, Message message) {
            message.setBody(body.apply(item));
            headers.accept(item, message.getHeaders());
        }
    }

    private Feeds() {
    }

    /** The feed of a consumer of {@code endpoint}; null when its operation cannot be consumed. */
    public static Feed of(ExchangeEndpoint endpoint) {
        RequestResolver resolver = endpoint.resolver();
        ExchangeConfiguration conf = endpoint.getConfiguration();
        int maxPages = conf.getMaxPagesPerPoll();
        return switch (endpoint.getOperation()) {
            case markets -> new Feed(endpoint, FeedKind.MARKETS, FeedSpec::markets,
                    Messages.of((item, headers) -> MessageHeaders.marketsInto(headers)));
            case allTicker -> new Feed(endpoint, FeedKind.ALL_TICKER,
                    () -> FeedSpec.allTicker().withSplit(conf.isSplitResult()), Messages.of(Feeds::allTickerHeaders));
            case ticker -> new Feed(endpoint, FeedKind.TICKER, () -> FeedSpec.ticker(resolver.ticker(null).market())
                    .withOnlyChanges(conf.isOnlyChanges()),
                    Messages.of((item, headers) -> MessageHeaders.tickerInto((Ticker) item, ExchangeOperation.ticker,
                            headers)));
            case depth -> new Feed(endpoint, FeedKind.DEPTH, () -> {
                GetDepth request = resolver.depth(null);
                return FeedSpec.depth(request.market()).withSize(request.size()).withMerge(request.merge());
            }, Messages.of((item, headers) -> MessageHeaders.depthInto((Depth) item, headers)));
            case trades -> new Feed(endpoint, FeedKind.TRADES, () -> {
                GetTrades request = resolver.trades(null);
                return keyed(endpoint, FeedSpec.trades(request.market()).withSince(request.since())
                        .withMaxPagesPerPoll(maxPages));
            }, Messages.of((item, headers) -> MessageHeaders.tradeInto((Trade) item, headers)));
            case kline -> new Feed(endpoint, FeedKind.KLINE, () -> {
                GetKline request = resolver.kline(null);
                return keyed(endpoint, FeedSpec.kline(request.market(), request.type()).withSince(request.since())
                        .withSize(request.size()).withMaxPagesPerPoll(maxPages));
            }, new Messages(item -> ((ClosedCandle) item).candle(), (item, headers) -> MessageHeaders
                    .candleInto(((ClosedCandle) item).kline(), ((ClosedCandle) item).candle(), headers)));
            case orders -> new Feed(endpoint, FeedKind.ORDERS, () -> accountKeyed(endpoint, resolver.orderEvents()),
                    Messages.of((item, headers) -> MessageHeaders.orderEventInto(conf.getMarket(), (OrderEvent) item,
                            headers)));
            case withdrawals -> new Feed(endpoint, FeedKind.WITHDRAWALS,
                    () -> accountKeyed(endpoint, resolver.withdrawalEvents()),
                    Messages.of((item, headers) -> MessageHeaders.withdrawalEventInto(conf.getCoin(),
                            (WithdrawalEvent) item, headers)));
            case order, orderMoreV2, cancelOrder, getOrder, getOrders, getOrdersIgnoreTradeType,
                 getUnfinishedOrdersIgnoreTradeType, getAccountInfo, getUserAddress, getWithdrawAddress,
                 getWithdrawRecord -> null;
        };
    }

    /** An {@code allTicker} item: one market's ticker, or the whole map with {@code splitResult=false}. */
    @SuppressWarnings("unchecked")
    private static void allTickerHeaders(Object item, Map<String, Object> headers) {
        if (item instanceof Ticker ticker) {
            MessageHeaders.tickerInto(ticker, ExchangeOperation.allTicker, headers);
        } else {
            MessageHeaders.allTickersInto((Map<String, Ticker>) item, headers);
        }
    }

    /**
     * What the endpoint gives its feed: its positions, its time (for K-lines the component's {@code candleClock}, in
     * a backtest the recording's), its polling delay, its WebSocket address.
     */
    private static FeedHost host(ExchangeEndpoint endpoint, FeedSpec spec, boolean replayed) {
        var backtest = endpoint.getComponent().backtest();
        Clock clock = backtest != null ? backtest.clock()
                : spec.kind() == FeedKind.KLINE ? endpoint.getComponent().getCandleClock() : Clock.systemUTC();
        // A backtest's K-line consumer reads the recording's candles at each candle line: no reply serves two.
        Duration delay = replayed ? Duration.ofMillis(1) : pollingDelay(endpoint);
        return new FeedHost(RepositoryPositions.of(endpoint), clock, delay,
                endpoint.getConfiguration().getWebsocketUrl(), backtest != null);
    }

    /** The endpoint's {@code stateKey} as the feed's position key, when set. */
    private static FeedSpec keyed(ExchangeEndpoint endpoint, FeedSpec spec) {
        return spec.withPositionKey(endpoint.getConfiguration().getStateKey());
    }

    /**
     * {@link #keyed}, for the state of the account's own orders or withdrawals: in paper mode those are the paper
     * account's, kept under the key prefixed with {@value #PAPER_PREFIX} so that a paper run never moves the state
     * of the same route run live, in the same repository.
     */
    private static FeedSpec accountKeyed(ExchangeEndpoint endpoint, FeedSpec spec) {
        String key = keyed(endpoint, spec).key();
        return spec.withPositionKey(endpoint.getComponent().paperTrading() ? PAPER_PREFIX + key : key);
    }

    /**
     * How often a polling consumer of this endpoint would read: its {@code delay}, or Camel's default for it. A
     * streaming consumer with a position reads its channel's data over REST this often while the channel is silent.
     */
    private static Duration pollingDelay(ExchangeEndpoint endpoint) {
        long delay = endpoint.getDelay() >= 0 ? endpoint.getDelay() : endpoint.getDefaultDelay();
        return Duration.ofMillis(endpoint.getTimeUnit().toMillis(delay));
    }
}
