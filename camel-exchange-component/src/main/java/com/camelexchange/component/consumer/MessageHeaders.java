package com.camelexchange.component.consumer;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeOperation;

import java.time.Instant;
import java.util.Map;

/**
 * The headers of consumed messages and of producers' replies, one method per kind of body: what a flow routes on
 * without reading the body (the operation, the market or coin, ids, the event type, the time). A ticker or a book
 * gets the same headers whether a consumer emitted it or a producer returned it. A time goes out twice: as an
 * {@link Instant} ({@code CamelExchangeTimestamp}) and as epoch milliseconds ({@code CamelExchangeTimestampMillis}),
 * which the simple language's {@code date:} function can format (it cannot format an Instant).
 */
public final class MessageHeaders {

    private MessageHeaders() {
    }

    /** The markets map: it carries no time. */
    static void marketsInto(Map<String, Object> headers) {
        into(headers, ExchangeOperation.markets, null);
    }

    /** A ticker, read by {@code ticker} or {@code allTicker}. */
    static void tickerInto(Ticker ticker, ExchangeOperation operation, Map<String, Object> headers) {
        into(headers, operation, ticker.date());
        headers.put(ExchangeConstants.MARKET, ticker.market());
    }

    /**
     * The map of all tickers ({@code allTicker} with {@code splitResult=false}, or its producer's reply): the reply
     * carries no time, so its tickers' (when it arrived), none for an empty map.
     */
    static void allTickersInto(Map<String, Ticker> tickers, Map<String, Object> headers) {
        into(headers, ExchangeOperation.allTicker, timeOf(tickers));
    }

    /** When the tickers of an allTicker reply arrived (the reply carries no time): none for an empty map. */
    private static Instant timeOf(Map<String, Ticker> tickers) {
        return tickers.isEmpty() ? null : tickers.values().iterator().next().date();
    }

    static void depthInto(Depth depth, Map<String, Object> headers) {
        into(headers, ExchangeOperation.depth, depth.timestamp());
        headers.put(ExchangeConstants.MARKET, depth.market());
    }

    /** A trade, polled or pushed. */
    static void tradeInto(Trade trade, Map<String, Object> headers) {
        into(headers, ExchangeOperation.trades, trade.date());
        headers.put(ExchangeConstants.MARKET, trade.market());
        headers.put(ExchangeConstants.TRADE_ID, trade.tid());
    }

    /** A closed candle, polled or pushed, with the K-line reply it came in. */
    static void candleInto(Kline kline, Candle candle, Map<String, Object> headers) {
        into(headers, ExchangeOperation.kline, candle.openTime());
        klineInto(kline, headers);
    }

    /** A K-line reply's market and names, for all its candles (its candles have a time each, the reply none). */
    private static void klineInto(Kline kline, Map<String, Object> headers) {
        headers.put(ExchangeConstants.MARKET, kline.market());
        headers.put(ExchangeConstants.KLINE_TYPE, kline.type().wireName());
        if (kline.symbol() != null) {
            headers.put(ExchangeConstants.KLINE_SYMBOL, kline.symbol());
        }
        if (kline.moneyType() != null) {
            headers.put(ExchangeConstants.KLINE_MONEY_TYPE, kline.moneyType());
        }
    }

    /**
     * An order event: the time is when the consumer saw the change (the exchange gives none for fills). The
     * exchange's order records do not carry a customer order id, so the event cannot name one.
     */
    static void orderEventInto(String market, OrderEvent event, Map<String, Object> headers) {
        into(headers, ExchangeOperation.orders, event.detectedAt());
        headers.put(ExchangeConstants.MARKET, market);
        headers.put(ExchangeConstants.ORDER_ID, event.order().id());
        headers.put(ExchangeConstants.ORDER_EVENT, event.type().name());
    }

    /** A withdrawal event: the time is the record's manage time, else its submit time. */
    static void withdrawalEventInto(String coin, WithdrawalEvent event, Map<String, Object> headers) {
        WithdrawRecord record = event.record();
        into(headers, ExchangeOperation.withdrawals, record.manageTime() != null ? record.manageTime()
                : record.submitTime());
        headers.put(ExchangeConstants.COIN, coin);
        headers.put(ExchangeConstants.WITHDRAWAL_ID, record.id());
        headers.put(ExchangeConstants.WITHDRAWAL_EVENT, event.type().name());
    }

    /**
     * Puts a producer's reply's headers straight into its message's: those a consumer gives the same data. The
     * operation always; a ticker's or a book's market and time, as consumed; a K-line reply's market and names
     * (the candles are the body, each with its own time); the {@code allTicker} map's time; otherwise the market
     * the call worked on, when there is one; and the number of the order a {@code getOrder} reply is, also when it
     * was asked for by its customer order id. A list of trades or orders has no one time or id: its elements carry
     * theirs.
     *
     * @param market the market the call worked on, null for operations without one
     */
    @SuppressWarnings("unchecked")
    public static void replyInto(Map<String, Object> headers, ExchangeOperation operation, String market,
                                 Object answer) {
        if (answer instanceof Ticker ticker) {
            into(headers, operation, ticker.date());
            headers.put(ExchangeConstants.MARKET, ticker.market());
        } else if (answer instanceof Depth depth) {
            into(headers, ExchangeOperation.depth, depth.timestamp());
            headers.put(ExchangeConstants.MARKET, depth.market());
        } else if (answer instanceof Kline kline) {
            into(headers, operation, null);
            klineInto(kline, headers);
        } else {
            into(headers, operation, operation == ExchangeOperation.allTicker && answer instanceof Map<?, ?> tickers
                    ? timeOf((Map<String, Ticker>) tickers) : null);
            if (market != null) {
                headers.put(ExchangeConstants.MARKET, market);
            }
            if (answer instanceof Order order) {
                headers.put(ExchangeConstants.ORDER_ID, order.id());
            }
        }
    }

    private static void into(Map<String, Object> headers, ExchangeOperation operation, Instant at) {
        headers.put(ExchangeConstants.OPERATION, operation.name());
        if (at != null) {
            headers.put(ExchangeConstants.TIMESTAMP, at);
            headers.put(ExchangeConstants.TIMESTAMP_MILLIS, at.toEpochMilli());
        }
    }
}
