package com.camelexchange.component.api;

import com.camelexchange.component.model.AccountInfo;
import com.camelexchange.component.model.Address;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.CoinBalance;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.KlineType;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.OrderStatus;
import com.camelexchange.component.model.PriceLevel;
import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;
import com.camelexchange.component.model.TradeSide;
import com.camelexchange.component.model.WithdrawPage;
import com.camelexchange.component.model.WithdrawRecord;
import com.camelexchange.component.model.WithdrawStatus;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns reply text into models, and error replies into {@link ExchangeErrorReplyException}. Numbers may
 * arrive as JSON numbers or strings and are read exactly as {@code BigDecimal}; each time field is read in
 * the unit the service uses for it (ticker date and K-lines in milliseconds, depth timestamp and trade date
 * in seconds). Thread-safe.
 */
public final class ReplyDecoder {
    private static final int SUCCESS = 1000;
    private static final int SNIPPET = 120;

    // Numbers keep the scale they were sent with (65000.10 stays 65000.10): Jackson's tree model would
    // otherwise strip trailing zeros.
    private final ObjectMapper mapper = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .configure(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES, false);

    /** Parses a reply and throws the exchange's error when it is one. */
    public JsonNode parse(String operation, String body) {
        JsonNode node;
        try {
            node = mapper.readTree(body);
        } catch (JsonProcessingException e) {
            throw new ExchangeReplyFormatException(operation, "not JSON", snippet(body), e);
        }
        if (node == null || node.isMissingNode()) {
            throw new ExchangeReplyFormatException(operation, "empty reply", "", null);
        }
        JsonNode code = node.isObject() ? node.get("code") : null;
        if (code != null && code.isValueNode()) {
            int value = intValue(operation, code, "code");
            if (value != SUCCESS) {
                JsonNode message = node.get("message");
                throw new ExchangeErrorReplyException(operation, value,
                        message == null ? "" : message.isTextual() ? message.asText() : message.toString());
            }
        }
        return node;
    }

    public Map<String, Market> markets(String body) {
        JsonNode node = object("markets", parse("markets", body));
        Map<String, Market> markets = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode m = e.getValue();
            markets.put(e.getKey(), new Market(e.getKey(), intValue("markets", required("markets", m, "priceScale"),
                    "priceScale"), intValue("markets", required("markets", m, "amountScale"), "amountScale"),
                    optionalDecimal("markets", m, "minAmount"), optionalDecimal("markets", m, "minSize")));
        }
        return markets;
    }

    public Ticker ticker(String market, String body) {
        JsonNode node = object("ticker", parse("ticker", body));
        JsonNode date = required("ticker", node, "date");
        return ticker("ticker", market, required("ticker", node, "ticker"),
                Instant.ofEpochMilli(longValue("ticker", date, "date")));
    }

    /**
     * The tickers of all markets keyed by market name. The reply keys markets without underscore
     * ({@code btcusdt}); {@code pairToMarket} maps them back, and a key it does not know is kept as sent.
     */
    public Map<String, Ticker> allTicker(String body, Map<String, String> pairToMarket) {
        JsonNode node = object("allTicker", parse("allTicker", body));
        Map<String, Ticker> tickers = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String market = pairToMarket.getOrDefault(e.getKey(), e.getKey());
            tickers.put(market, ticker("allTicker", market, e.getValue(), null));
        }
        return tickers;
    }

    private Ticker ticker(String operation, String market, JsonNode t, Instant date) {
        return new Ticker(market, decimalField(operation, t, "high"), decimalField(operation, t, "low"),
                decimalField(operation, t, "buy"), decimalField(operation, t, "sell"), decimalField(operation, t, "last"),
                decimalField(operation, t, "vol"), date);
    }

    /** Both sides best first, whatever order the reply used. */
    public Depth depth(String market, String body) {
        JsonNode node = object("depth", parse("depth", body));
        List<PriceLevel> asks = levels(required("depth", node, "asks"));
        List<PriceLevel> bids = levels(required("depth", node, "bids"));
        asks.sort(Comparator.comparing(PriceLevel::price));
        bids.sort(Comparator.comparing(PriceLevel::price).reversed());
        return new Depth(market, asks, bids,
                Instant.ofEpochSecond(longValue("depth", required("depth", node, "timestamp"), "timestamp")));
    }

    private List<PriceLevel> levels(JsonNode side) {
        if (!side.isArray()) {
            throw new ExchangeReplyFormatException("depth", "a side is not an array", snippet(side.toString()), null);
        }
        List<PriceLevel> levels = new ArrayList<>(side.size());
        for (JsonNode level : side) {
            if (!level.isArray() || level.size() < 2) {
                throw new ExchangeReplyFormatException("depth", "a level is not [price, amount]",
                        snippet(level.toString()), null);
            }
            levels.add(new PriceLevel(decimal("depth", level.get(0), "price"), decimal("depth", level.get(1), "amount")));
        }
        return levels;
    }

    /** Trades in tid order. */
    public List<Trade> trades(String market, String body) {
        JsonNode node = parse("trades", body);
        if (!node.isArray()) {
            throw new ExchangeReplyFormatException("trades", "not an array", snippet(body), null);
        }
        List<Trade> trades = new ArrayList<>(node.size());
        for (JsonNode t : node) {
            trades.add(new Trade(market, longValue("trades", required("trades", t, "tid"), "tid"),
                    Instant.ofEpochSecond(longValue("trades", required("trades", t, "date"), "date")),
                    decimalField("trades", t, "price"), decimalField("trades", t, "amount"), side(t)));
        }
        trades.sort(Comparator.comparingLong(Trade::tid));
        return trades;
    }

    private static TradeSide side(JsonNode trade) {
        JsonNode type = trade.get("type");
        if (type != null && type.isTextual()) {
            return "buy".equals(type.asText()) ? TradeSide.BUY : "sell".equals(type.asText()) ? TradeSide.SELL : null;
        }
        JsonNode tradeType = trade.get("trade_type");
        if (tradeType != null && tradeType.isTextual()) {
            return "bid".equals(tradeType.asText()) ? TradeSide.BUY : "ask".equals(tradeType.asText()) ? TradeSide.SELL
                    : null;
        }
        return null;
    }

    /** Candles oldest first. */
    public Kline kline(String market, KlineType type, String body) {
        JsonNode node = object("kline", parse("kline", body));
        JsonNode data = required("kline", node, "data");
        if (!data.isArray()) {
            throw new ExchangeReplyFormatException("kline", "data is not an array", snippet(body), null);
        }
        List<Candle> candles = new ArrayList<>(data.size());
        for (JsonNode c : data) {
            if (!c.isArray() || c.size() < 6) {
                throw new ExchangeReplyFormatException("kline", "a candle is not [ms, o, h, l, c, v]",
                        snippet(c.toString()), null);
            }
            candles.add(new Candle(Instant.ofEpochMilli(longValue("kline", c.get(0), "timestamp")),
                    decimal("kline", c.get(1), "open"), decimal("kline", c.get(2), "high"),
                    decimal("kline", c.get(3), "low"), decimal("kline", c.get(4), "close"),
                    decimal("kline", c.get(5), "volume")));
        }
        candles.sort(Comparator.comparing(Candle::openTime));
        JsonNode symbol = node.get("symbol");
        JsonNode moneyType = node.get("moneyType");
        return new Kline(market, type, symbol == null ? null : symbol.asText(),
                moneyType == null ? null : moneyType.asText(), candles);
    }

    // ---------------------------------------------------------------- trading and account replies

    /** One order record; {@code variantA} decides what the status value means. */
    public Order order(String operation, JsonNode o, boolean variantA) {
        object(operation, o);
        BigDecimal total = decimalField(operation, o, "total_amount");
        BigDecimal traded = decimalField(operation, o, "trade_amount");
        int raw = intValue(operation, required(operation, o, "status"), "status");
        JsonNode tradePrice = o.get("trade_price");
        int type = intValue(operation, required(operation, o, "type"), "type");
        return new Order(required(operation, o, "id").asText(), o.path("currency").asText(null),
                type == 1 ? OrderSide.BUY : OrderSide.SELL, decimalField(operation, o, "price"), total, traded,
                decimalField(operation, o, "trade_money"),
                tradePrice == null || tradePrice.isNull() ? null : decimal(operation, tradePrice, "trade_price"),
                Instant.ofEpochMilli(longValue(operation, required(operation, o, "trade_date"), "trade_date")), raw,
                OrderStatus.of(variantA, raw, total, traded));
    }

    public List<Order> orders(String operation, JsonNode node, boolean variantA) {
        if (!node.isArray()) {
            throw new ExchangeReplyFormatException(operation, "not an array", snippet(node.toString()), null);
        }
        List<Order> orders = new ArrayList<>(node.size());
        node.forEach(o -> orders.add(order(operation, o, variantA)));
        return orders;
    }

    public AccountInfo accountInfo(JsonNode node) {
        String op = "getAccountInfo";
        JsonNode result = required(op, object(op, node), "result");
        List<CoinBalance> coins = new ArrayList<>();
        for (JsonNode c : required(op, result, "coins")) {
            coins.add(new CoinBalance(required(op, c, "key").asText(), c.path("enName").asText(c.path("ename").asText()),
                    c.path("cnName").asText(), c.path("showName").asText(c.path("enName").asText()),
                    c.path("unitTag").asText(), c.path("unitDecimal").asInt(), c.path("fundstype").asInt(),
                    decimalField(op, c, "available"), decimalField(op, c, "freez"), c.path("isCanRecharge").asBoolean(),
                    c.path("isCanWithdraw").asBoolean(), c.path("canLoan").asBoolean()));
        }
        JsonNode base = result.path("base");
        return new AccountInfo(coins, base.path("username").asText(), base.path("trade_password_enabled").asBoolean(),
                base.path("auth_google_enabled").asBoolean(), base.path("auth_mobile_enabled").asBoolean(),
                node.path("assetPerm").asBoolean(), node.path("entrustPerm").asBoolean(),
                node.path("moneyPerm").asBoolean(), node.path("leverPerm").asBoolean());
    }

    /** {@code message.datas} of an address or record reply, once {@code message.isSuc} is checked. */
    public JsonNode datas(String operation, JsonNode node) {
        JsonNode message = required(operation, object(operation, node), "message");
        if (message.has("isSuc") && !message.path("isSuc").asBoolean()) {
            throw new ExchangeErrorReplyException(operation, 1001, message.path("des").asText("not successful"));
        }
        return required(operation, message, "datas");
    }

    public Address address(String operation, String coin, JsonNode node) {
        return new Address(coin, required(operation, datas(operation, node), "key").asText());
    }

    public WithdrawPage withdrawPage(JsonNode node) {
        String op = "getWithdrawRecord";
        JsonNode datas = datas(op, node);
        List<WithdrawRecord> records = new ArrayList<>();
        for (JsonNode r : required(op, datas, "list")) {
            long managed = r.path("manageTime").asLong(0);
            int status = intValue(op, required(op, r, "status"), "status");
            records.add(new WithdrawRecord(longValue(op, required(op, r, "id"), "id"), decimalField(op, r, "amount"),
                    decimalField(op, r, "fees"),
                    Instant.ofEpochMilli(longValue(op, required(op, r, "submitTime"), "submitTime")),
                    managed == 0 ? null : Instant.ofEpochMilli(managed), status, WithdrawStatus.of(status),
                    r.path("toAddress").asText()));
        }
        return new WithdrawPage(records, datas.path("pageIndex").asInt(), datas.path("pageSize").asInt(),
                datas.path("totalCount").asInt(), datas.path("totalPage").asInt());
    }

    // ---------------------------------------------------------------- field access

    private static JsonNode object(String operation, JsonNode node) {
        if (!node.isObject()) {
            throw new ExchangeReplyFormatException(operation, "not a JSON object", snippet(node.toString()), null);
        }
        return node;
    }

    private static JsonNode required(String operation, JsonNode parent, String field) {
        JsonNode value = parent.get(field);
        if (value == null || value.isNull()) {
            throw new ExchangeReplyFormatException(operation, "missing field '" + field + "'",
                    snippet(parent.toString()), null);
        }
        return value;
    }

    private static BigDecimal decimalField(String operation, JsonNode parent, String field) {
        return decimal(operation, required(operation, parent, field), field);
    }

    private static BigDecimal optionalDecimal(String operation, JsonNode parent, String field) {
        JsonNode value = parent.get(field);
        return value == null || value.isNull() ? null : decimal(operation, value, field);
    }

    /** A number sent as a JSON number or as a string, read exactly. */
    private static BigDecimal decimal(String operation, JsonNode value, String field) {
        try {
            if (value.isNumber()) {
                return value.decimalValue();
            }
            if (value.isTextual()) {
                return new BigDecimal(value.asText().trim());
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ExchangeReplyFormatException(operation, "'" + field + "' is not a number", snippet(value.toString()),
                null);
    }

    private static long longValue(String operation, JsonNode value, String field) {
        try {
            if (value.isIntegralNumber()) {
                return value.longValue();
            }
            if (value.isTextual()) {
                return Long.parseLong(value.asText().trim());
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new ExchangeReplyFormatException(operation, "'" + field + "' is not an integer",
                snippet(value.toString()), null);
    }

    private static int intValue(String operation, JsonNode value, String field) {
        long v = longValue(operation, value, field);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new ExchangeReplyFormatException(operation, "'" + field + "' is out of range", Long.toString(v), null);
        }
        return (int) v;
    }

    static String snippet(String body) {
        String flat = body == null ? "" : body.replaceAll("\\s+", " ").trim();
        return flat.length() <= SNIPPET ? flat : flat.substring(0, SNIPPET) + "...";
    }
}
