package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.OrderEvent;
import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;
import com.camelexchange.component.model.WithdrawRecord;
import com.camelexchange.component.model.WithdrawalEvent;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The headers of consumed messages, one method per kind of body: what a flow routes on without reading the body
 * (the operation, the market or coin, ids, the event type, the time). A time goes out twice: as an
 * {@link Instant} ({@code CamelExchangeTimestamp}) and as epoch milliseconds ({@code CamelExchangeTimestampMillis}),
 * which the simple language's {@code date:} function can format (it cannot format an Instant).
 */
public final class MessageHeaders {

    private MessageHeaders() {
    }

    /** The markets map: it carries no time. */
    static Map<String, Object> markets() {
        return Map.of(ExchangeConstants.OPERATION, ExchangeOperation.markets.name());
    }

    /** A ticker, read by {@code ticker} or {@code allTicker}. */
    static Map<String, Object> ticker(Ticker ticker, ExchangeOperation operation) {
        Map<String, Object> headers = of(operation, ticker.date());
        headers.put(ExchangeConstants.MARKET, ticker.market());
        return headers;
    }

    /** The map of all tickers ({@code allTicker} with {@code splitResult=false}); {@code at} may be null. */
    static Map<String, Object> allTickers(Instant at) {
        return of(ExchangeOperation.allTicker, at);
    }

    static Map<String, Object> depth(Depth depth) {
        Map<String, Object> headers = of(ExchangeOperation.depth, depth.timestamp());
        headers.put(ExchangeConstants.MARKET, depth.market());
        return headers;
    }

    /** A trade, polled or pushed. */
    public static Map<String, Object> trade(Trade trade) {
        Map<String, Object> headers = new HashMap<>(8);
        tradeInto(trade, headers);
        return headers;
    }

    /**
     * The headers of {@link #trade(Trade)}, put into {@code headers}: a streamed trade's go straight into its
     * message's own headers, without a map of their own per trade.
     */
    static void tradeInto(Trade trade, Map<String, Object> headers) {
        into(headers, ExchangeOperation.trades, trade.date());
        headers.put(ExchangeConstants.MARKET, trade.market());
        headers.put(ExchangeConstants.TRADE_ID, trade.tid());
    }

    /** A closed candle, polled or pushed, with the K-line reply it came in. */
    public static Map<String, Object> candle(Kline kline, Candle candle) {
        Map<String, Object> headers = of(ExchangeOperation.kline, candle.openTime());
        headers.put(ExchangeConstants.MARKET, kline.market());
        headers.put(ExchangeConstants.KLINE_TYPE, kline.type().wireName());
        if (kline.symbol() != null) {
            headers.put(ExchangeConstants.KLINE_SYMBOL, kline.symbol());
        }
        if (kline.moneyType() != null) {
            headers.put(ExchangeConstants.KLINE_MONEY_TYPE, kline.moneyType());
        }
        return headers;
    }

    /**
     * An order event: the time is when the consumer saw the change (the exchange gives none for fills). The
     * exchange's order records do not carry a customer order id, so the event cannot name one.
     */
    static Map<String, Object> orderEvent(String market, OrderEvent event) {
        Map<String, Object> headers = of(ExchangeOperation.orders, event.detectedAt());
        headers.put(ExchangeConstants.MARKET, market);
        headers.put(ExchangeConstants.ORDER_ID, event.order().id());
        headers.put(ExchangeConstants.ORDER_EVENT, event.type().name());
        return headers;
    }

    /** A withdrawal event: the time is the record's manage time, else its submit time. */
    static Map<String, Object> withdrawalEvent(String coin, WithdrawalEvent event) {
        WithdrawRecord record = event.record();
        Map<String, Object> headers = of(ExchangeOperation.withdrawals,
                record.manageTime() != null ? record.manageTime() : record.submitTime());
        headers.put(ExchangeConstants.COIN, coin);
        headers.put(ExchangeConstants.WITHDRAWAL_ID, record.id());
        headers.put(ExchangeConstants.WITHDRAWAL_EVENT, event.type().name());
        return headers;
    }

    /** The operation, and the time in both forms when there is one. */
    private static Map<String, Object> of(ExchangeOperation operation, Instant at) {
        Map<String, Object> headers = new HashMap<>(8);
        into(headers, operation, at);
        return headers;
    }

    private static void into(Map<String, Object> headers, ExchangeOperation operation, Instant at) {
        headers.put(ExchangeConstants.OPERATION, operation.name());
        if (at != null) {
            headers.put(ExchangeConstants.TIMESTAMP, at);
            headers.put(ExchangeConstants.TIMESTAMP_MILLIS, at.toEpochMilli());
        }
    }
}
