package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.engine.DepthSnapshot;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.engine.TickerSnapshot;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.CandleSeries;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The market data, {@code /data/v1/<operation>}, with the reply quirks of the real service: allTicker
 * keyed without underscore, depth timestamp in seconds with asks in descending order, trade dates in
 * seconds, the single ticker's date as a string of milliseconds.
 */
final class MarketDataApi {
    static final int MAX_DEPTH = 50;
    static final int MERGED_DEPTH = 5;

    private final SimulatedExchange exchange;

    MarketDataApi(SimulatedExchange exchange) {
        this.exchange = exchange;
    }

    /** The reply of an operation, or null when there is no such operation. */
    JsonNode handle(String operation, Params params) {
        return switch (operation) {
            case "markets" -> markets();
            case "allTicker" -> allTicker();
            case "ticker" -> ticker(params);
            case "depth" -> depth(params);
            case "trades" -> trades(params);
            case "kline" -> kline(params);
            default -> null;
        };
    }

    /** The {@code markets} reply, also pushed on the stream's {@code markets} channel. */
    ObjectNode markets() {
        ObjectNode reply = Json.object();
        for (MarketSpec spec : exchange.markets()) {
            ObjectNode m = reply.putObject(spec.name());
            m.put("amountScale", spec.amountScale());
            m.put("priceScale", spec.priceScale());
            if (exchange.variant() == Variant.A) {
                m.put("minAmount", spec.minAmount());
                m.put("minSize", spec.minSize());
            }
        }
        return reply;
    }

    private JsonNode allTicker() {
        ObjectNode reply = Json.object();
        for (Map.Entry<String, TickerSnapshot> e : exchange.tickers().entrySet()) {
            MarketSpec spec = exchange.market(e.getKey());
            reply.set(spec.pairCode(), tickerObject(spec, e.getValue()));
        }
        return reply;
    }

    private JsonNode ticker(Params params) {
        MarketSpec spec = market(params);
        TickerSnapshot t = exchange.ticker(spec.name());
        ObjectNode reply = Json.object();
        reply.set("ticker", tickerObject(spec, t));
        reply.put("date", Long.toString(t.epochMillis()));
        return reply;
    }

    static ObjectNode tickerObject(MarketSpec spec, TickerSnapshot t) {
        ObjectNode o = Json.object();
        o.put("high", price(spec, t.high()));
        o.put("low", price(spec, t.low()));
        o.put("buy", price(spec, t.buy()));
        o.put("sell", price(spec, t.sell()));
        o.put("last", price(spec, t.last()));
        o.put("vol", t.vol().setScale(spec.amountScale(), RoundingMode.HALF_UP).toPlainString());
        return o;
    }

    static String price(MarketSpec spec, BigDecimal value) {
        return value.setScale(spec.priceScale(), RoundingMode.HALF_UP).toPlainString();
    }

    private JsonNode depth(Params params) {
        MarketSpec spec = market(params);
        int size = params.intOr("size", MAX_DEPTH);
        if (size < 1 || size > MAX_DEPTH) {
            throw ExchangeError.invalidArguments("size must be 1.." + MAX_DEPTH);
        }
        BigDecimal merge = null;
        if (params.get("merge") != null) {
            // Through the bounded parser like a price: a step of 1E-999999999 must not reach the bucketing.
            merge = params.decimal("merge", ExchangeError.INVALID_ARGUMENTS);
            if (merge.signum() <= 0) {
                throw ExchangeError.invalidArguments("merge must be positive");
            }
        }
        DepthSnapshot depth = exchange.depth(spec.name(), size, merge);
        ObjectNode reply = Json.object();
        // Asks leave the book best (lowest) first; the real service lists them descending, best last.
        List<PriceLevel> asks = new ArrayList<>(depth.asks());
        Collections.reverse(asks);
        reply.set("asks", levels(asks));
        reply.set("bids", levels(depth.bids()));
        reply.put("timestamp", depth.epochMillis() / 1000);
        return reply;
    }

    static ArrayNode levels(List<PriceLevel> levels) {
        ArrayNode out = Json.array();
        for (PriceLevel level : levels) {
            out.addArray().add(level.price()).add(level.amount());
        }
        return out;
    }

    private JsonNode trades(Params params) {
        MarketSpec spec = market(params);
        List<Trade> trades = exchange.trades(spec.name(), params.optionalLong("since"));
        ArrayNode reply = Json.array();
        boolean full = exchange.variant() == Variant.A;
        for (Trade t : trades) {
            ObjectNode o = reply.addObject();
            o.put("amount", t.amount());
            o.put("date", t.epochMillis() / 1000);
            o.put("price", t.price());
            o.put("tid", t.tid());
            if (full) {
                // Variant B documents only date, price, amount and tid.
                o.put("trade_type", t.takerSide() == Side.BUY ? "bid" : "ask");
                o.put("type", t.takerSide() == Side.BUY ? "buy" : "sell");
            }
        }
        return reply;
    }

    private JsonNode kline(Params params) {
        MarketSpec spec = market(params);
        KlineType type;
        String wire = params.get("type") == null ? KlineType.DAY_1.wire() : params.get("type");
        try {
            type = KlineType.fromWire(wire);
        } catch (IllegalArgumentException e) {
            // Not e.getMessage(): it repeats the whole value.
            throw ExchangeError.invalidArguments("type must be one of " + KlineType.allowed() + ": "
                    + Echo.quoted(wire));
        }
        int size = params.intOr("size", CandleSeries.MAX_REPLY);
        if (size < 1) {
            throw ExchangeError.invalidArguments("size must be positive");
        }
        List<Bar> bars = exchange.klines(spec.name(), type, params.optionalLong("since"),
                Math.min(size, CandleSeries.MAX_REPLY));
        ObjectNode reply = Json.object();
        ArrayNode data = reply.putArray("data");
        for (Bar b : bars) {
            data.addArray().add(b.openTime()).add(b.open()).add(b.high()).add(b.low()).add(b.close()).add(b.volume());
        }
        reply.put("moneyType", spec.quoteCoin());
        reply.put("symbol", spec.baseCoin());
        return reply;
    }

    private MarketSpec market(Params params) {
        String name = params.required("market");
        MarketSpec spec = exchange.market(name);
        if (spec == null) {
            throw ExchangeError.invalidArguments("unknown market " + Echo.quoted(name));
        }
        return spec;
    }
}
