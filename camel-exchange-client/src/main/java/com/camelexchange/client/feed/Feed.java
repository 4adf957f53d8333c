package com.camelexchange.client.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawalEvent;

/**
 * A feed of the exchange's data delivered to a {@link FeedListener} in a plain Java program, with the guarantees the
 * Camel component's consumers give: each trade (candle, order event...) once and in order, none skipped; streamed
 * over the exchange's WebSocket with REST catch-ups after any gap, or polled; resumable from {@link
 * com.camelexchange.client.Positions}; within the client's rate budgets. Built from a client with one of the
 * factories, then started with a listener:
 *
 * <pre>{@code
 * try (Feed trades = Feed.trades(client, "btc_usdt").streaming(true).positions(positions)
 *         .start(trade -> System.out.println(trade.tid() + " " + trade.price()))) {
 *     ...
 * }
 * }</pre>
 *
 * Closing it stops the deliveries (the one under way completes) and leaves the channel; the client stays open.
 */
public interface Feed extends AutoCloseable {

    /** The public trades of a market ({@code Trade}), each once in tid order; streamable. */
    static FeedBuilder<Trade> trades(ExchangeClient client, String market) {
        return new FeedBuilder<>(client, FeedKind.TRADES, market);
    }

    /** The closed K-line candles of a market and period, each once, oldest first; streamable. */
    static FeedBuilder<ClosedCandle> kline(ExchangeClient client, String market, KlineType type) {
        return new FeedBuilder<ClosedCandle>(client, FeedKind.KLINE, market).klineType(type);
    }

    /** The ticker of a market, each poll or push; streamable. */
    static FeedBuilder<Ticker> ticker(ExchangeClient client, String market) {
        return new FeedBuilder<>(client, FeedKind.TICKER, market);
    }

    /** The book of a market, {@link FeedBuilder#size} levels a side, each poll or push; streamable. */
    static FeedBuilder<Depth> depth(ExchangeClient client, String market) {
        return new FeedBuilder<>(client, FeedKind.DEPTH, market);
    }

    /**
     * Each change of the account's orders in a market, once (needs the client's keys); polled, or streamed from the
     * account's pushes, caught up over REST after any gap.
     */
    static FeedBuilder<OrderEvent> orders(ExchangeClient client, String market) {
        return new FeedBuilder<>(client, FeedKind.ORDERS, market);
    }

    /** Each new withdrawal record of a coin and each change of its status, once (polled; needs the keys). */
    static FeedBuilder<WithdrawalEvent> withdrawals(ExchangeClient client, String coin) {
        return new FeedBuilder<>(client, FeedKind.WITHDRAWALS, coin);
    }

    /**
     * How the feed is doing: DOWN while its polls, catch-ups or connection fail, or its channel is refused; STARTING
     * before its first poll succeeded or its channel was first subscribed (and caught up); UP otherwise, with the
     * reason when degraded (a silent channel read over REST). Cheap, no call to the exchange.
     */
    ConsumerHealth.Report health();

    /** Where the feed stands: its key and last committed value; null for data without a position. */
    FeedPosition position();

    /** Stops: no delivery after the one under way, which completes (waited for up to a few seconds). */
    @Override
    void close();
}
