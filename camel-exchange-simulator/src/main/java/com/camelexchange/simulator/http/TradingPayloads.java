package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.CoinSet;
import com.camelexchange.simulator.engine.AccountEvent.AssetsChanged;
import com.camelexchange.simulator.engine.AccountEvent.CoinBalance;
import com.camelexchange.simulator.engine.AccountEvent.OrderChanged;
import com.camelexchange.simulator.market.MarketSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The frames of WebSocket trading. Replies are the service's: {@code success}, a numeric {@code code}, the request's
 * {@code channel}, {@code message}, {@code no} echoed when the request carried one, and {@code data}: the order
 * reply's is JSON inside a string ({@code "{\"entrustId\":…}"}, the id a bare number that may exceed 2^53), the
 * others' the REST reply's record, list or account. The account pushes' payloads are the simulator's own, since the
 * service never published its (see the module's README).
 */
final class TradingPayloads {
    static final String SUCCESS = "Success";
    static final String RECORD_DATA_TYPE = "userIncrRecord";
    static final String ASSET_DATA_TYPE = "userIncrAsset";

    private TradingPayloads() {
    }

    static String success(String channel, String no, String message, JsonNode data) {
        StringBuilder out = head(new StringBuilder(128), true, 1000, channel, message, no);
        if (data != null) {
            out.append(",\"data\":").append(Json.write(data));
        }
        return out.append('}').toString();
    }

    /**
     * The head of a reply as {@link #head(boolean, int, String, String, String)} writes it, written straight into
     * text: a reply is made per request, and building a tree to write it cost more than the rest of a cancel.
     */
    private static StringBuilder head(StringBuilder out, boolean success, int code, String channel, String message,
                                      String no) {
        out.append("{\"success\":").append(success).append(",\"code\":").append(code).append(",\"channel\":");
        Json.quote(out, channel).append(",\"message\":");
        Json.quote(out, message);
        if (no != null) {
            Json.quote(out.append(",\"no\":"), no);
        }
        return out;
    }

    /** The order reply: its data is the text of a JSON object, as the service sends it. */
    static String orderPlaced(String channel, String no, long orderId) {
        StringBuilder out = head(new StringBuilder(160), true, 1000, channel, "操作成功", no);
        return out.append(",\"data\":\"{\\\"entrustId\\\":").append(orderId).append("}\"}").toString();
    }

    static String error(String channel, String no, int code, String message) {
        return head(new StringBuilder(128), false, code, channel, message, no).append('}').toString();
    }

    private static ObjectNode head(boolean success, int code, String channel, String message, String no) {
        ObjectNode out = Json.object();
        out.put("success", success);
        out.put("code", code);
        out.put("channel", channel);
        out.put("message", message);
        if (no != null) {
            out.put("no", no);
        }
        return out;
    }

    /** The answer to a push subscription; the pushes that follow carry a {@code dataType}, this one none. */
    static String subscribed(String channel, String no, String market) {
        ObjectNode out = head(true, 1000, channel, "Subscribed", no);
        if (market != null) {
            out.put("market", market);
        }
        return Json.write(out);
    }

    /**
     * One order after one change: {@code record} is the REST order record of that moment (variant B adds
     * {@code trade_price}), {@code market} the market without its underscore, {@code seq} the number of this change
     * among the account's changes in that market.
     */
    static String record(OrderChanged e, MarketSpec spec, Variant variant) {
        ObjectNode out = Json.object();
        out.put("channel", TradingMethod.PUSH_RECORDS.wire());
        out.put("dataType", RECORD_DATA_TYPE);
        out.put("market", spec.pairCode());
        out.put("seq", e.seq());
        ObjectNode r = out.putObject("record");
        r.put("currency", variant == Variant.A ? spec.name() : spec.baseCoin());
        r.put("id", Long.toString(e.orderId()));
        r.put("price", e.price());
        r.put("status", e.status());
        r.put("total_amount", e.amount());
        r.put("trade_amount", e.filled());
        r.put("trade_money", e.filledMoney());
        r.put("trade_date", e.createdAt());
        r.put("type", e.side().wire());
        if (variant == Variant.B) {
            r.put("trade_price", e.averagePrice());
        }
        return Json.write(out);
    }

    /** The spot balances one operation changed, written as {@code getaccountinfo} writes them. */
    static String assets(AssetsChanged e, CoinSet coins) {
        ObjectNode out = Json.object();
        out.put("channel", TradingMethod.PUSH_ASSETS.wire());
        out.put("dataType", ASSET_DATA_TYPE);
        out.put("seq", e.seq());
        ArrayNode list = out.putArray("coins");
        for (CoinBalance b : e.coins()) {
            int decimals = coins.get(b.coin()).unitDecimal();
            list.addObject().put("key", b.coin())
                    .put("available", TradeApi.plain(b.available(), decimals))
                    .put("freez", TradeApi.plain(b.frozen(), decimals));
        }
        return Json.write(out);
    }
}
