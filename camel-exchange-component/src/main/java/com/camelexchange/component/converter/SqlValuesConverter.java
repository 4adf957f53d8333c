package com.camelexchange.component.converter;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import org.apache.camel.Converter;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The row-like bodies as a {@code Map} of values every JDBC driver takes without a cast: decimals as
 * {@code BigDecimal} (a {@code NUMERIC} or {@code DECIMAL} column, the exact value), times as
 * {@code OffsetDateTime} in UTC (a {@code TIMESTAMP WITH TIME ZONE}), enums as their names, ids as they are. camel-sql
 * converts a body to a {@code Map} to look up a named parameter ({@code :#open}) before it looks at the headers,
 * so a route stores a candle, a trade, a ticker or an order event with no step in between. The keys are the JSON
 * field names of the record; an order event's order is flattened into it ({@code orderId} for its id).
 * <p>
 * Why not the record's own types: an {@code Instant} is no JDBC type (PostgreSQL's driver refuses it: "Can't infer
 * the SQL type"), and decimal text goes out as {@code VARCHAR}, which PostgreSQL does not put into a
 * {@code NUMERIC} column.
 */
@Converter(generateLoader = true)
public final class SqlValuesConverter {
    private SqlValuesConverter() {
    }

    @Converter
    public static Map<String, Object> fromCandle(Candle candle) {
        Map<String, Object> values = new LinkedHashMap<>(8);
        values.put("openTime", time(candle.openTime()));
        values.put("open", candle.open());
        values.put("high", candle.high());
        values.put("low", candle.low());
        values.put("close", candle.close());
        values.put("volume", candle.volume());
        return values;
    }

    @Converter
    public static Map<String, Object> fromTrade(Trade trade) {
        Map<String, Object> values = new LinkedHashMap<>(8);
        values.put("market", trade.market());
        values.put("tid", trade.tid());
        values.put("date", time(trade.date()));
        values.put("price", trade.price());
        values.put("amount", trade.amount());
        values.put("takerSide", trade.takerSide() == null ? null : trade.takerSide().name());
        return values;
    }

    @Converter
    public static Map<String, Object> fromTicker(Ticker ticker) {
        Map<String, Object> values = new LinkedHashMap<>(12);
        values.put("market", ticker.market());
        values.put("high", ticker.high());
        values.put("low", ticker.low());
        values.put("buy", ticker.buy());
        values.put("sell", ticker.sell());
        values.put("last", ticker.last());
        values.put("volume", ticker.volume());
        values.put("date", time(ticker.date()));
        return values;
    }

    /** The event's fields and its order's, flattened: one row per event. */
    @Converter
    public static Map<String, Object> fromOrderEvent(OrderEvent event) {
        Order order = event.order();
        Map<String, Object> values = new LinkedHashMap<>(20);
        values.put("type", event.type().name());
        values.put("orderId", order.id());
        values.put("currency", order.currency());
        values.put("side", order.side() == null ? null : order.side().name());
        values.put("price", order.price());
        values.put("totalAmount", order.totalAmount());
        values.put("tradeAmount", order.tradeAmount());
        values.put("tradeMoney", order.tradeMoney());
        values.put("tradePrice", order.tradePrice());
        values.put("tradeDate", time(order.tradeDate()));
        values.put("rawStatus", order.rawStatus());
        values.put("status", order.status() == null ? null : order.status().name());
        values.put("tradedSinceLast", event.tradedSinceLast());
        values.put("tradedTotal", event.tradedTotal());
        values.put("detectedAt", time(event.detectedAt()));
        return values;
    }

    private static OffsetDateTime time(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
