package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.DepthSnapshot;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.engine.TickerSnapshot;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The text frames of the WebSocket interface, shaped like the real service's: ticker figures as
 * strings with the ticker's date as a string of milliseconds, depth as numbers with a timestamp in
 * seconds and asks descending (as in the REST reply), trades with amounts and prices as strings.
 */
final class StreamPayloads {
    static final int DEPTH_LEVELS = 50;
    static final int CODE_CHANNEL = 1007;
    static final int CODE_EVENT = 1008;
    static final String CHANNEL_IS_EMPTY = "Channel is empty";
    static final String EVENT_IS_EMPTY = "Event is empty";
    /** What {@code malformedFrame()} sends: the start of a trades push, cut off. */
    static final String MALFORMED = "{\"dataType\":\"trades\",\"data\":[{";

    private StreamPayloads() {
    }

    static String ticker(MarketSpec spec, TickerSnapshot t, String channel) {
        ObjectNode ticker = MarketDataApi.tickerObject(spec, t);
        ticker.put("open", MarketDataApi.price(spec, t.open()));
        ticker.put("riseRate", riseRate(t.open(), t.last()));
        ticker.put("turnover", t.turnover().setScale(spec.priceScale(), RoundingMode.HALF_UP).toPlainString());
        ObjectNode out = Json.object();
        out.put("date", Long.toString(t.epochMillis()));
        out.set("ticker", ticker);
        out.put("dataType", "ticker");
        out.put("channel", channel);
        return Json.write(out);
    }

    /** The 24h change in percent with two decimals, e.g. {@code -1.25}. */
    static String riseRate(BigDecimal open, BigDecimal last) {
        if (open.signum() == 0) {
            return "0.00";
        }
        return last.subtract(open).multiply(BigDecimal.valueOf(100)).divide(open, 2, RoundingMode.HALF_UP)
                .toPlainString();
    }

    static String depth(DepthSnapshot depth, String channel) {
        ObjectNode out = Json.object();
        List<PriceLevel> asks = new ArrayList<>(depth.asks());
        Collections.reverse(asks);
        out.set("asks", MarketDataApi.levels(asks));
        out.set("bids", MarketDataApi.levels(depth.bids()));
        out.put("dataType", "depth");
        out.put("channel", channel);
        out.put("timestamp", depth.epochMillis() / 1000);
        return Json.write(out);
    }

    /** A well-formed JSON number no 64-bit integer holds. */
    static final String ABSURD_NUMBER = "99999999999999999999999";

    static String trades(MarketSpec spec, List<Trade> trades, String channel) {
        ObjectNode out = Json.object();
        ArrayNode data = out.putArray("data");
        for (Trade t : trades) {
            ObjectNode o = data.addObject();
            o.put("date", t.epochMillis() / 1000);
            o.put("amount", t.amount().setScale(spec.amountScale(), RoundingMode.HALF_UP).toPlainString());
            o.put("price", MarketDataApi.price(spec, t.price()));
            o.put("trade_type", t.takerSide() == Side.BUY ? "bid" : "ask");
            o.put("type", t.takerSide() == Side.BUY ? "buy" : "sell");
            o.put("tid", t.tid());
        }
        out.put("dataType", "trades");
        out.put("channel", channel);
        return Json.write(out);
    }

    static String kline(List<Bar> bars, String channel) {
        ObjectNode out = Json.object();
        ArrayNode data = out.putObject("datas").putArray("data");
        for (Bar b : bars) {
            data.addArray().add(b.openTime()).add(b.open()).add(b.high()).add(b.low()).add(b.close()).add(b.volume());
        }
        out.put("channel", channel);
        out.put("isSuc", true);
        return Json.write(out);
    }

    static String markets(ObjectNode marketsReply) {
        ObjectNode out = marketsReply.deepCopy();
        out.put("channel", StreamChannel.MARKETS);
        return Json.write(out);
    }

    /**
     * A whole quick-depth snapshot: bids best (highest) first in {@code listDown}, asks best (lowest)
     * first in {@code listUp}, the 24h figures as numbers and the change as a string.
     *
     * @param lastTrade null before the market's first trade
     */
    static String quickDepth(MarketSpec spec, DepthSnapshot depth, TickerSnapshot ticker, Trade lastTrade,
                             String channel) {
        ObjectNode out = Json.object();
        out.put("lastTime", depth.epochMillis());
        out.put("dataType", "quickDepth");
        out.put("channel", channel);
        out.put("currentPrice", ticker.last());
        out.set("listDown", MarketDataApi.levels(depth.bids()));
        out.set("listUp", MarketDataApi.levels(depth.asks()));
        out.put("market", spec.pairCode());
        out.put("high", ticker.high());
        out.put("low", ticker.low());
        out.put("rate", riseRate(ticker.open(), ticker.last()));
        out.put("currentIsBuy", lastTrade == null || lastTrade.takerSide() == Side.BUY);
        out.put("dayNumber", ticker.vol());
        out.put("totalBtc", ticker.vol());
        out.put("showMarket", spec.pairCode());
        return Json.write(out);
    }

    static String error(int code, String channel, String message) {
        ObjectNode out = Json.object();
        out.put("no", "0");
        out.put("code", code);
        out.put("success", false);
        out.put("channel", channel);
        out.put("message", message);
        return Json.write(out);
    }

    static String pong() {
        ObjectNode out = Json.object();
        out.put("no", "0");
        out.put("channel", "pong");
        return Json.write(out);
    }
}
