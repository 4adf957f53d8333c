package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.Positions;
import com.camelexchange.client.feed.account.OrderEventsOptions;
import com.camelexchange.client.feed.account.PolledOrderEvents;
import com.camelexchange.client.feed.account.PolledWithdrawalEvents;
import com.camelexchange.client.feed.account.WithdrawalEventsOptions;
import com.camelexchange.client.feed.core.PolledData;
import com.camelexchange.client.feed.core.PushSource;
import com.camelexchange.client.feed.core.Pushes;
import com.camelexchange.client.feed.core.ReadProfile;
import com.camelexchange.client.feed.core.StreamAddresses;
import com.camelexchange.client.feed.market.CandlePages;
import com.camelexchange.client.feed.market.CandlePages.ClosedCandle;
import com.camelexchange.client.feed.market.DepthPushes;
import com.camelexchange.client.feed.market.KlinePushes;
import com.camelexchange.client.feed.market.PolledAllTicker;
import com.camelexchange.client.feed.market.PolledDepth;
import com.camelexchange.client.feed.market.PolledKline;
import com.camelexchange.client.feed.market.PolledMarkets;
import com.camelexchange.client.feed.market.PolledTicker;
import com.camelexchange.client.feed.market.PolledTrades;
import com.camelexchange.client.feed.market.TickerPushes;
import com.camelexchange.client.feed.market.TradePages;
import com.camelexchange.client.feed.market.TradePushes;
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
 * The one place where an endpoint's operation becomes a feed of the client ({@code com.camelexchange.client.feed}):
 * what its polling consumer polls, what its streaming consumer streams, and how an item becomes a message (body and
 * headers). Each feed is built from plain values (the resolved request, the options, the endpoint's client, its
 * positions), called when the consumer starts, so a bad option fails the route's start. A new operation is one case
 * here: the switch names every operation, so the compiler asks for it.
 */
public final class Feeds {
    /** The account's own state (orders, withdrawals) of a paper run is kept under keys of its own. */
    static final String PAPER_PREFIX = "paper:";

    /**
     * What a consumer of an endpoint reads.
     *
     * @param polled   makes what its polling consumer polls
     * @param pushed   makes what its streaming consumer streams; null for data the exchange does not push
     * @param messages how an item becomes a message
     */
    public record Feed(Supplier<PolledData> polled, Supplier<Pushes> pushed, Messages messages) {
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
            case markets -> new Feed(PolledMarkets::new, null,
                    Messages.of((item, headers) -> MessageHeaders.marketsInto(headers)));
            case allTicker -> new Feed(() -> new PolledAllTicker(conf.isSplitResult()), null, Messages.of(
                    Feeds::allTickerHeaders));
            case ticker -> new Feed(() -> new PolledTicker(resolver.ticker(null), conf.isOnlyChanges()),
                    () -> TickerPushes.of(resolver.ticker(null).market(), conf.isOnlyChanges(), endpoint.client(),
                            pushSource(endpoint)),
                    Messages.of((item, headers) -> MessageHeaders.tickerInto((Ticker) item, ExchangeOperation.ticker,
                            headers)));
            case depth -> new Feed(() -> new PolledDepth(resolver.depth(null)),
                    () -> DepthPushes.of(resolver.depth(null), endpoint.client(), pushSource(endpoint)),
                    Messages.of((item, headers) -> MessageHeaders.depthInto((Depth) item, headers)));
            case trades -> {
                Supplier<GetTrades> request = () -> resolver.trades(null);
                yield new Feed(() -> new PolledTrades(request.get(), maxPages, endpoint.client(), positions(endpoint),
                        key(endpoint, TradePages.stateKey(request.get().market()))),
                        () -> TradePushes.of(request.get(), maxPages, endpoint.client(), positions(endpoint),
                                key(endpoint, TradePages.stateKey(request.get().market())), pushSource(endpoint)),
                        Messages.of((item, headers) -> MessageHeaders.tradeInto((Trade) item, headers)));
            }
            case kline -> {
                Supplier<GetKline> request = () -> resolver.kline(null);
                yield new Feed(() -> new PolledKline(request.get(), maxPages, positions(endpoint),
                        key(endpoint, CandlePages.stateKey(request.get())),
                        () -> candleClock(endpoint).instant()),
                        () -> KlinePushes.of(request.get(), maxPages, endpoint.client(), positions(endpoint),
                                key(endpoint, CandlePages.stateKey(request.get())),
                                endpoint.getComponent().getCandleClock(), pushSource(endpoint)),
                        new Messages(item -> ((ClosedCandle) item).candle(), (item, headers) -> MessageHeaders
                                .candleInto(((ClosedCandle) item).kline(), ((ClosedCandle) item).candle(), headers)));
            }
            case orders -> {
                Supplier<OrderEventsOptions> options = resolver::orderEvents;
                yield new Feed(() -> new PolledOrderEvents(options.get(), endpoint.client(), positions(endpoint),
                        accountKey(endpoint, PolledOrderEvents.stateKey(options.get()))).clock(clock(endpoint)), null,
                        Messages.of((item, headers) -> MessageHeaders.orderEventInto(conf.getMarket(),
                                (OrderEvent) item, headers)));
            }
            case withdrawals -> {
                Supplier<WithdrawalEventsOptions> options = resolver::withdrawalEvents;
                yield new Feed(() -> new PolledWithdrawalEvents(options.get(), endpoint.client(), positions(endpoint),
                        accountKey(endpoint, PolledWithdrawalEvents.stateKey(options.get()))), null,
                        Messages.of((item, headers) -> MessageHeaders.withdrawalEventInto(conf.getCoin(),
                                (WithdrawalEvent) item, headers)));
            }
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

    /** The time of an endpoint's consumers: the wall's, or in a backtest the recording's. */
    private static Clock clock(ExchangeEndpoint endpoint) {
        var backtest = endpoint.getComponent().backtest();
        return backtest != null ? backtest.clock() : Clock.systemUTC();
    }

    /**
     * The time that tells a K-line consumer when a candle's period ended: the component's {@code candleClock}, or in
     * a backtest the recording's.
     */
    private static Clock candleClock(ExchangeEndpoint endpoint) {
        var backtest = endpoint.getComponent().backtest();
        return backtest != null ? backtest.clock() : endpoint.getComponent().getCandleClock();
    }

    /** Where an endpoint's consumers keep their positions: its {@code stateRepository}, or else its memory. */
    private static Positions positions(ExchangeEndpoint endpoint) {
        return RepositoryPositions.of(endpoint);
    }

    /** The endpoint's {@code stateKey}, or the feed's own key. */
    private static String key(ExchangeEndpoint endpoint, String defaultKey) {
        String key = endpoint.getConfiguration().getStateKey();
        return key != null ? key : defaultKey;
    }

    /**
     * {@link #key}, for the state of the account's own orders or withdrawals: in paper mode those are the paper
     * account's, kept under the key prefixed with {@value #PAPER_PREFIX} so that a paper run never moves the state
     * of the same route run live, in the same repository.
     */
    private static String accountKey(ExchangeEndpoint endpoint, String defaultKey) {
        String key = key(endpoint, defaultKey);
        return endpoint.getComponent().paperTrading() ? PAPER_PREFIX + key : key;
    }

    /** Where a streaming consumer of the endpoint gets its pushes, and how often it reads over REST meanwhile. */
    private static PushSource pushSource(ExchangeEndpoint endpoint) {
        ExchangeConfiguration conf = endpoint.getConfiguration();
        return new PushSource(endpoint.getComponent().streams(),
                StreamAddresses.main(conf.getWebsocketUrl(), conf.getBaseUrl()), pollingDelay(endpoint));
    }

    /**
     * How often a polling consumer of this endpoint would read: its {@code delay}, or Camel's default for it. A
     * streaming consumer with a position reads its channel's data over REST this often while the channel is silent.
     */
    private static Duration pollingDelay(ExchangeEndpoint endpoint) {
        long delay = endpoint.getDelay() >= 0 ? endpoint.getDelay() : endpoint.getDefaultDelay();
        return Duration.ofMillis(endpoint.getTimeUnit().toMillis(delay));
    }

    /** What makes two endpoints' market-data reads the same read (see {@link ReadProfile}). */
    static ReadProfile readProfile(ExchangeEndpoint endpoint) {
        ExchangeConfiguration conf = endpoint.getConfiguration();
        String baseUrl = endpoint.getComponent().marketDataAddress(conf);
        return new ReadProfile(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl,
                conf.getApiVariant(), conf.getUserAgent(), conf.getRequestTimeout(), conf.getCallTimeout(),
                conf.getMaxReplySize(), conf.getReadRetries(), conf.getReadRetryDelay());
    }
}
