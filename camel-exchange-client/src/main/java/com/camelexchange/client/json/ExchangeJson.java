package com.camelexchange.client.json;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.json.MarketReplies.DepthReply;
import com.camelexchange.client.json.MarketReplies.KlineReply;
import com.camelexchange.client.json.MarketReplies.MarketConfig;
import com.camelexchange.client.json.MarketReplies.TickerReply;
import com.camelexchange.client.json.MarketReplies.TickerValues;
import com.camelexchange.client.json.MarketReplies.TradeRecord;
import com.camelexchange.client.json.TradingReplies.AccountReply;
import com.camelexchange.client.json.TradingReplies.Acknowledged;
import com.camelexchange.client.json.TradingReplies.AddressData;
import com.camelexchange.client.json.TradingReplies.BaseRecord;
import com.camelexchange.client.json.TradingReplies.CoinRecord;
import com.camelexchange.client.json.TradingReplies.OrderRecord;
import com.camelexchange.client.json.TradingReplies.Placed;
import com.camelexchange.client.json.TradingReplies.PlacedBatch;
import com.camelexchange.client.json.TradingReplies.WithdrawData;
import com.camelexchange.client.json.TradingReplies.Wrapped;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.CoinBalance;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawStatus;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The component's JSON, on its one configured Jackson mapper: reply bytes read into the model (error
 * replies into {@link com.camelexchange.client.error.ExchangeErrorReplyException}), and the one JSON
 * parameter the API takes, {@code tradeParams}. One per component, a reader per reply shape. Thread-safe.
 *
 * <p>Every value is read within bounds ({@link ReplyFields}): numbers of bounded length and scale, times that can be
 * true, ids in range, no key twice in an object. A record of a list (a trade, a candle, an order of a page, a
 * withdrawal, a market, a market's ticker) with a value out of bounds is refused and the rest of the reply read
 * ({@link Records}), and told to {@link RefusedRecords}; a reply that is one whole (a ticker, a book, an account,
 * an order, an address) is refused whole, with a {@link ExchangeReplyFormatException}.
 */
public final class ExchangeJson {
    private static final int SNIPPET = 120;
    /** Replies are a few levels deep; deeper than this, a reply is refused whole. */
    private static final int MAX_NESTING = 200;
    /** Trades in tid order; one comparator for every reply and push rather than one made per read. */
    private static final Comparator<Trade> BY_TID = Comparator.comparingLong(Trade::tid);
    private static final Pattern MARKET_NAME = Pattern.compile("[a-z0-9]{1,20}_[a-z0-9]{1,20}");
    /** The keys of {@code allTicker}: market names without their underscore. */
    private static final Pattern PAIR = Pattern.compile("[a-z0-9]{1,41}");
    private static final String REST = "rest";

    private final JsonMapper mapper;
    private final ObjectReader markets;
    private final ObjectReader tickers;
    private final ObjectReader ticker;
    private final ObjectReader depth;
    private final ObjectReader trades;
    private final ObjectReader kline;
    private final ObjectReader placed;
    private final ObjectReader placedBatch;
    private final ObjectReader acknowledged;
    private final ObjectReader order;
    private final ObjectReader orders;
    private final ObjectReader account;
    private final ObjectReader address;
    private final ObjectReader withdrawals;
    private final ObjectWriter tradeParams;
    private final RefusedRecords refused;

    /** Replies read with nobody told of the records they lost (tests, benchmarks). */
    public ExchangeJson() {
        this(RefusedRecords.NONE);
    }

    /** @param refused told of every record and reply refused for a value out of bounds */
    public ExchangeJson(RefusedRecords refused) {
        this.refused = refused;
        mapper = JsonMapper.builder()
                .addModule(new SimpleModule("exchange-replies")
                        .addDeserializer(BigDecimal.class, new DecimalDeserializer())
                        .addDeserializer(Long.class, WholeNumber.longs())
                        .addDeserializer(long.class, WholeNumber.longs())
                        .addDeserializer(Integer.class, WholeNumber.ints())
                        .addDeserializer(int.class, WholeNumber.ints())
                        .addDeserializer(PriceLevel.class, new PriceLevelDeserializer())
                        .addDeserializer(Candle.class, new CandleDeserializer())
                        .addDeserializer(Records.class, new RecordsDeserializer())
                        .addDeserializer(KeyedRecords.class, new KeyedRecordsDeserializer()))
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                // NaN and Infinity are read as the text they are, so that the record holding one is refused by its
                // bounds (no decimal) rather than the whole reply by the tokenizer.
                .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build();
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        // A number is kept as text until a field's own reader bounds it, so its length needs no limit here (the
        // reply's is maxReplySize): a record with a number of a million digits is refused, not the reply. Nesting
        // past what any reply has is refused whole.
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNumberLength(Integer.MAX_VALUE).maxNestingDepth(MAX_NESTING).build());
        markets = mapper.readerFor(new TypeReference<KeyedRecords<MarketConfig>>() { });
        tickers = mapper.readerFor(new TypeReference<KeyedRecords<TickerValues>>() { });
        ticker = mapper.readerFor(TickerReply.class);
        depth = mapper.readerFor(DepthReply.class);
        trades = mapper.readerFor(new TypeReference<Records<TradeRecord>>() { });
        kline = mapper.readerFor(KlineReply.class);
        placed = mapper.readerFor(Placed.class);
        placedBatch = mapper.readerFor(PlacedBatch.class);
        acknowledged = mapper.readerFor(Acknowledged.class);
        order = mapper.readerFor(OrderRecord.class);
        orders = mapper.readerFor(new TypeReference<Records<OrderRecord>>() { });
        account = mapper.readerFor(AccountReply.class);
        address = mapper.readerFor(new TypeReference<Wrapped<AddressData>>() { });
        withdrawals = mapper.readerFor(new TypeReference<Wrapped<WithdrawData>>() { });
        // Numbers are bounded when read, so writing them plain cannot blow up.
        tradeParams = mapper.writer().with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    }

    /** A reader for another shape on the same configured mapper (the pushed frames use it). */
    ObjectReader readerFor(Class<?> shape) {
        return mapper.readerFor(shape);
    }

    /** The stream frames a client writes, on the same mapper. */
    String write(Object frame) {
        try {
            return mapper.writeValueAsString(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A frame of strings and numbers is always JSON", e);
        }
    }

    // ---------------------------------------------------------------- market data

    /**
     * The configuration of every market, keyed by market name; a market out of bounds is left out, and named in
     * {@link MarketList#refused()} when its name can be read.
     */
    public MarketList markets(byte[] body) {
        KeyedRecords<MarketConfig> configs = read("markets", markets, body);
        MarketList result = new MarketList();
        configs.forEach((name, c) -> {
            if (MARKET_NAME.matcher(name).matches()) {
                result.put(name, new Market(name, c.priceScale(), c.amountScale(), c.minAmount(), c.minSize()));
            } else {
                configs.refuse("'" + Echo.of(name) + "': not a market name <trade coin>_<pricing coin>");
            }
        });
        configs.refusedKeys().stream().filter(name -> MARKET_NAME.matcher(name).matches()).forEach(result::refused);
        tell("markets", REST, null, configs.refusals());
        return result;
    }

    /**
     * The tickers of all markets keyed by market name. The reply keys markets without underscore
     * ({@code btcusdt}); {@code pairToMarket} maps them back, and a key it does not know is kept as sent.
     */
    public Map<String, Ticker> allTicker(byte[] body, Map<String, String> pairToMarket) {
        KeyedRecords<TickerValues> values = read("allTicker", tickers, body);
        Map<String, Ticker> result = new LinkedHashMap<>();
        values.forEach((pair, v) -> {
            if (PAIR.matcher(pair).matches()) {
                String market = pairToMarket.getOrDefault(pair, pair);
                result.put(market, ticker(market, v, null));
            } else {
                values.refuse("'" + Echo.of(pair) + "': not a market");
            }
        });
        tell("allTicker", REST, null, values.refusals());
        return result;
    }

    public Ticker ticker(String market, byte[] body) {
        TickerReply reply = read("ticker", ticker, body);
        return ticker(market, reply.ticker(), reply.date());
    }

    private static Ticker ticker(String market, TickerValues v, Instant date) {
        return new Ticker(market, v.high(), v.low(), v.buy(), v.sell(), v.last(), v.vol(), date);
    }

    /** Both sides best first (see {@link BookSide}). */
    public Depth depth(String market, byte[] body) {
        DepthReply reply = read("depth", depth, body);
        return new Depth(market, reply.asks(), reply.bids(), reply.timestamp());
    }

    /** Trades in tid order; those out of bounds are left out ({@link Records#refused}). */
    public Records<Trade> trades(String market, byte[] body) {
        return trades(market, this.<Records<TradeRecord>>read("trades", trades, body), REST);
    }

    /** Trade records of a market in tid order; the records refused are told, as from {@code source}. */
    Records<Trade> trades(String market, Records<TradeRecord> records, String source) {
        tell("trades", source, market, records.refusals());
        return trades(market, records);
    }

    /** Trade records of a market in tid order, for a caller that tells the refused ones itself (once a push). */
    Records<Trade> trades(String market, Records<TradeRecord> records) {
        Records<Trade> result = records.carrying(new Records<>(records.size()));
        for (TradeRecord t : records) {
            result.add(new Trade(market, t.tid(), t.date(), t.price(), t.amount(), takerSide(t)));
        }
        result.sort(BY_TID);
        return result;
    }

    /** Tells of the records a reply lost, if it lost any. */
    void tell(String operation, String source, String market, List<String> refusals) {
        if (!refusals.isEmpty()) {
            refused.records(operation, source, market, refusals);
        }
    }

    /** Counts a reply or a push refused whole. */
    void refusedWhole(String operation, String source) {
        refused.reply(operation, source);
    }

    /** {@code type} (buy/sell) when sent, else {@code trade_type} (bid: the buyer took; ask: the seller). */
    private static TradeSide takerSide(TradeRecord t) {
        if (t.type() != null) {
            return switch (t.type()) {
                case "buy" -> TradeSide.BUY;
                case "sell" -> TradeSide.SELL;
                default -> null;
            };
        }
        if (t.tradeType() != null) {
            return switch (t.tradeType()) {
                case "bid" -> TradeSide.BUY;
                case "ask" -> TradeSide.SELL;
                default -> null;
            };
        }
        return null;
    }

    /** Candles oldest first. */
    public Kline kline(String market, KlineType type, byte[] body) {
        KlineReply reply = read("kline", kline, body);
        Records<Candle> candles = reply.data();
        candles.sort(Comparator.comparing(Candle::openTime));
        tell("kline", REST, market, candles.refusals());
        return new Kline(market, type, reply.symbol(), reply.moneyType(), candles);
    }

    // ---------------------------------------------------------------- trading and account

    /** The number of the order placed. */
    public String placed(byte[] body) {
        Placed reply = read("order", placed, body);
        ReplyCode.require("order", reply.code(), reply.message(), null);
        return reply.id();
    }

    /** The numbers of a batch's orders, in the order of its pairs. */
    public List<String> placedBatch(byte[] body) {
        PlacedBatch reply = read("orderMoreV2", placedBatch, body);
        ReplyCode.require("orderMoreV2", reply.code(), reply.message(), null);
        return reply.data();
    }

    /** Checks a reply that carries nothing but its code (a cancel). */
    public void acknowledged(String operation, byte[] body) {
        Acknowledged reply = read(operation, acknowledged, body);
        ReplyCode.require(operation, reply.code(), reply.message(), null);
    }

    /** One order record; {@code variantA} decides what the status value means. */
    public Order order(String operation, byte[] body, boolean variantA) {
        return order(read(operation, order, body), variantA);
    }

    /** A page of orders; an order out of bounds is left out ({@link Records#refused}). */
    public Records<Order> orders(String operation, byte[] body, boolean variantA) {
        Records<OrderRecord> records = read(operation, orders, body);
        Records<Order> result = records.carrying(new Records<>(records.size()));
        records.forEach(o -> result.add(order(o, variantA)));
        tell(operation, REST, null, records.refusals());
        return result;
    }

    private static Order order(OrderRecord o, boolean variantA) {
        return new Order(o.id(), o.currency(), o.type() == 1 ? OrderSide.BUY : OrderSide.SELL, o.price(),
                o.totalAmount(), o.tradeAmount(), o.tradeMoney(), o.tradePrice(), o.tradeDate(), o.status(),
                OrderStatus.of(variantA, o.status(), o.totalAmount(), o.tradeAmount()));
    }

    public AccountInfo accountInfo(byte[] body) {
        AccountReply reply = read("getAccountInfo", account, body);
        List<CoinBalance> coins = new ArrayList<>(reply.result().coins().size());
        for (CoinRecord c : reply.result().coins()) {
            String enName = c.enName() != null ? c.enName() : c.ename();
            coins.add(new CoinBalance(c.key(), enName, c.cnName(), c.showName() != null ? c.showName() : enName,
                    c.unitTag(), c.unitDecimal(), c.fundstype(), c.available(), c.freez(), c.isCanRecharge(),
                    c.isCanWithdraw(), c.canLoan()));
        }
        BaseRecord base = reply.result().base() != null ? reply.result().base()
                : new BaseRecord(null, false, false, false);
        return new AccountInfo(coins, base.username(), base.tradePasswordEnabled(), base.authGoogleEnabled(),
                base.authMobileEnabled(), reply.assetPerm(), reply.entrustPerm(), reply.moneyPerm(), reply.leverPerm());
    }

    public Address address(String operation, String coin, byte[] body) {
        return new Address(coin, this.<AddressData>wrapped(operation, address, body).key());
    }

    public WithdrawPage withdrawPage(byte[] body) {
        WithdrawData data = wrapped("getWithdrawRecord", withdrawals, body);
        Records<WithdrawRecord> records = data.list().carrying(new Records<>(data.list().size()));
        data.list().forEach(r -> records.add(new WithdrawRecord(r.id(), r.amount(), r.fees(), r.submitTime(),
                r.manageTime() == 0 ? null : Instant.ofEpochMilli(r.manageTime()), r.status(),
                WithdrawStatus.of(r.status()), r.toAddress())));
        tell("getWithdrawRecord", REST, null, data.list().refusals());
        return new WithdrawPage(records, data.pageIndex(), data.pageSize(), data.totalCount(), data.totalPage());
    }

    /** The data of an address or record reply, once its code and {@code isSuc} say it succeeded. */
    private <T> T wrapped(String operation, ObjectReader reader, byte[] body) {
        Wrapped<T> reply = read(operation, reader, body);
        ReplyCode.require(operation, reply.code(), reply.message().des(), reply.message().isSuc());
        return reply.message().datas();
    }

    // ---------------------------------------------------------------- writing

    /** {@code tradeParams} of a batch: {@code [[price,amount],...]}, numbers written plain as the market scales them. */
    public String tradeParams(List<PriceAmount> pairs) {
        List<List<BigDecimal>> rows = new ArrayList<>(pairs.size());
        pairs.forEach(p -> rows.add(List.of(p.price(), p.amount())));
        try {
            return tradeParams.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A list of decimals is always JSON", e);
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * The reply read with the reader of its shape, in one pass. A reply that does not have the shape is
     * either one of the exchange's error replies, thrown as such, or broken. Error replies lack the
     * fields every shape requires, so none is read as an answer; shapes that carry a code (the trading
     * replies) are checked by their readers.
     */
    <T> T read(String operation, ObjectReader reader, byte[] body) {
        T value;
        try (JsonParser parser = new NoDuplicateKeys(reader.createParser(body))) {
            value = reader.readValue(parser);
            if (value != null && parser.nextToken() != null) {
                throw new ExchangeReplyFormatException(operation, "more than one JSON value", snippet(body));
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof ExchangeReplyFormatException format) {
                refused.reply(operation, REST);
                throw format;
            }
            ReplyCode.check(mapper.getFactory(), operation, body);
            refused.reply(operation, REST);
            throw new ExchangeReplyFormatException(operation, problem(e, body.length), snippet(body));
        }
        if (value == null) {
            refused.reply(operation, REST);
            throw new ExchangeReplyFormatException(operation, "empty reply", snippet(body));
        }
        if (value instanceof KeyedRecords<?> keyed && keyed.isEmpty() && !keyed.refusals().isEmpty()) {
            // An error reply is an object too, {"code":1001,"message":...}: read as a reply keyed by market, its
            // every key would be refused. Nothing read is the sign to ask whether it is one.
            ReplyCode.check(mapper.getFactory(), operation, body);
        }
        return value;
    }

    /** What is wrong with a reply (or a pushed frame) of {@code length} that could not be read, in few words. */
    static String problem(Exception e, int length) {
        if (e instanceof ValueInstantiationException && e.getCause() instanceof IllegalArgumentException bounds
            && (bounds instanceof Required.MissingFieldException || bounds instanceof ReplyFields.BadFieldException)) {
            return at((IOException) e) + bounds.getMessage();
        }
        if (e instanceof JsonParseException) {
            return "not JSON";
        }
        if (e.getCause() instanceof JsonParseException && e instanceof IOException io) {
            // Broken JSON met while binding a field (a frame cut short): where, and that much, not Jackson's words.
            return at(io) + "not JSON";
        }
        if (length == 0) {
            return "empty reply";
        }
        return e instanceof IOException io ? problem(io) : Echo.cut(String.valueOf(e.getMessage()), 160);
    }

    /** Where in the reply and Jackson's own words, cut: they may repeat part of the reply. */
    private static String problem(IOException e) {
        String original = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
        return at(e) + Echo.cut(String.valueOf(original).replaceAll("\\s+", " "), 160);
    }

    /** {@code 'ticker.high': } or {@code 'asks[3]': } when Jackson knows the path, else nothing. */
    private static String at(IOException e) {
        if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "";
        }
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(Echo.cut(r.getFieldName(), 40));
            } else if (r.getIndex() >= 0) {
                path.append('[').append(r.getIndex()).append(']');
            }
        }
        return "'" + path + "': ";
    }

    /** The start of a reply, on one line, for messages. */
    public static String snippet(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        return snippet(new String(body, 0, Math.min(body.length, SNIPPET * 4), StandardCharsets.UTF_8), body.length);
    }

    /** The start of a reply of {@code length} (bytes or characters), of which {@code start} is the beginning. */
    static String snippet(String start, int length) {
        String flat = Echo.escape(start.replaceAll("\\s+", " ").trim());
        return flat.length() <= SNIPPET && length <= SNIPPET * 4 ? flat
                : flat.substring(0, Math.min(flat.length(), SNIPPET)) + "...";
    }
}
