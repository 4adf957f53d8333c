package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.json.MarketReplies.DepthReply;
import com.camelexchange.client.internal.json.MarketReplies.KlineReply;
import com.camelexchange.client.internal.json.MarketReplies.MarketConfig;
import com.camelexchange.client.internal.json.MarketReplies.TickerReply;
import com.camelexchange.client.internal.json.MarketReplies.TickerValues;
import com.camelexchange.client.internal.json.MarketReplies.TradeRecord;
import com.camelexchange.client.internal.json.TradingReplies.AccountReply;
import com.camelexchange.client.internal.json.TradingReplies.Acknowledged;
import com.camelexchange.client.internal.json.TradingReplies.AddressData;
import com.camelexchange.client.internal.json.TradingReplies.OrderRecord;
import com.camelexchange.client.internal.json.TradingReplies.Placed;
import com.camelexchange.client.internal.json.TradingReplies.PlacedBatch;
import com.camelexchange.client.internal.json.TradingReplies.WithdrawData;
import com.camelexchange.client.internal.json.TradingReplies.Wrapped;
import com.camelexchange.client.internal.json.TradingReplies.WithdrawRow;
import com.camelexchange.client.internal.json.ReplyShape.RecordList;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.MarketNames;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawRecord;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The client's JSON, on its one configured Jackson mapper: reply bytes read into the model (error
 * replies into {@link com.camelexchange.client.error.ExchangeErrorReplyException}), and the one JSON
 * parameter the API takes, {@code tradeParams}. One per {@code ClientResources}, a reader per reply shape (shared).
 * Thread-safe.
 *
 * <p>Every value is read within bounds ({@link ReplyFields}): numbers of bounded length and scale, times that can be
 * true, ids in range, no key twice in an object. The records of a list (a trade, a candle, an order of a page, a
 * withdrawal, a market, a market's ticker) each come out as they would read alone ({@link ReplyShape}): one with a
 * value out of bounds, or anything wrong in its structure (nesting, bytes that are no UTF-8, tokens that are no
 * JSON), is refused, the rest of the reply read ({@link Records}), and told to
 * {@link RefusedRecords}; a reply that is one whole (a ticker, a book, an account, an order, an address), or whose
 * structure outside its records is broken, is refused whole, with a {@link ExchangeReplyFormatException}.
 *
 * <p>The mapper's bounds are set by {@link ReplyMapper}, what each record means by the records of
 * {@link MarketReplies} and {@link TradingReplies}, and what is wrong with a reply said by {@link ReplyProblems}.
 */
public final class ExchangeJson {
    /** Trades in tid order; one comparator for every reply and push rather than one made per read. */
    private static final Comparator<Trade> BY_TID = Comparator.comparingLong(Trade::tid);
    /** The keys of {@code allTicker}: market names without their underscore. */
    private static final Pattern PAIR = Pattern.compile("[a-z0-9]{1,41}");
    private static final String REST = "rest";

    private final Readers readers;
    private final JsonMapper mapper;
    private final RefusedRecords refused;

    /** Replies read with nobody told of the records they lost (tests, benchmarks). */
    public ExchangeJson() {
        this(RefusedRecords.NONE);
    }

    /** @param refused told of every record and reply refused for a value out of bounds */
    public ExchangeJson(RefusedRecords refused) {
        this.refused = refused;
        this.readers = Readers.SHARED;
        this.mapper = readers.mapper;
    }

    /**
     * The configured mapper and a reader per reply shape, made once per JVM and shared by every instance: they
     * hold no state of a client (the refusals are told through the instance), Jackson's mappers and readers are
     * thread-safe once configured, and building them (finding each shape's deserializers) cost more than the rest
     * of a client's start, which a sweep pays once per point (a CamelContext each).
     */
    private static final class Readers {
        static final Readers SHARED = new Readers();

        final JsonMapper mapper;
        final ReplyShape<KeyedRecords<MarketConfig>> markets;
        final ReplyShape<KeyedRecords<TickerValues>> tickers;
        final ReplyShape<TickerReply> ticker;
        final ReplyShape<DepthReply> depth;
        final ReplyShape<Records<TradeRecord>> trades;
        final ReplyShape<KlineReply> kline;
        final ReplyShape<Placed> placed;
        final ReplyShape<PlacedBatch> placedBatch;
        final ReplyShape<Acknowledged> acknowledged;
        final ReplyShape<OrderRecord> order;
        final ReplyShape<Records<OrderRecord>> orders;
        final ReplyShape<AccountReply> account;
        final ReplyShape<Wrapped<AddressData>> address;
        final ReplyShape<Wrapped<WithdrawData>> withdrawals;
        final ObjectWriter tradeParams;

        private Readers() {
            mapper = ReplyMapper.create();
            markets = ReplyShape.withLists(mapper.readerFor(new TypeReference<KeyedRecords<MarketConfig>>() { }),
                    RecordList.keyed(mapper.readerFor(MarketConfig.class), all -> all));
            tickers = ReplyShape.withLists(mapper.readerFor(new TypeReference<KeyedRecords<TickerValues>>() { }),
                    RecordList.keyed(mapper.readerFor(TickerValues.class), all -> all));
            ticker = ReplyShape.whole(mapper.readerFor(TickerReply.class));
            depth = ReplyShape.whole(mapper.readerFor(DepthReply.class));
            trades = ReplyShape.withLists(mapper.readerFor(new TypeReference<Records<TradeRecord>>() { }),
                    RecordList.array(mapper.readerFor(TradeRecord.class), all -> all));
            kline = ReplyShape.withLists(mapper.readerFor(KlineReply.class),
                    RecordList.array(mapper.readerFor(Candle.class), KlineReply::data, "data"));
            placed = ReplyShape.whole(mapper.readerFor(Placed.class));
            placedBatch = ReplyShape.whole(mapper.readerFor(PlacedBatch.class));
            acknowledged = ReplyShape.whole(mapper.readerFor(Acknowledged.class));
            order = ReplyShape.whole(mapper.readerFor(OrderRecord.class));
            orders = ReplyShape.withLists(mapper.readerFor(new TypeReference<Records<OrderRecord>>() { }),
                    RecordList.array(mapper.readerFor(OrderRecord.class), all -> all));
            account = ReplyShape.whole(mapper.readerFor(AccountReply.class));
            address = ReplyShape.whole(mapper.readerFor(new TypeReference<Wrapped<AddressData>>() { }));
            withdrawals = ReplyShape.withLists(mapper.readerFor(new TypeReference<Wrapped<WithdrawData>>() { }),
                    RecordList.array(mapper.readerFor(WithdrawRow.class), w -> w.message().datas().list(),
                            "message", "datas", "list"));
            // Numbers are bounded when read, so writing them plain cannot blow up.
            tradeParams = mapper.writer().with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        }
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
        KeyedRecords<MarketConfig> configs = read("markets", readers.markets, body);
        MarketList result = new MarketList();
        configs.forEach((name, c) -> {
            if (MarketNames.isMarket(name)) {
                result.put(name, c.market(name));
            } else {
                configs.refuse("'" + Echo.of(name) + "': not a market name <trade coin>_<pricing coin>");
            }
        });
        configs.refusedKeys().stream().filter(name -> MarketNames.isMarket(name)).forEach(result::refused);
        tell("markets", REST, null, configs.refusals());
        return result;
    }

    /**
     * The tickers of all markets keyed by market name. The reply keys markets without underscore
     * ({@code btcusdt}); {@code pairToMarket} maps them back, and a key it does not know is kept as sent.
     */
    public Map<String, Ticker> allTicker(byte[] body, Map<String, String> pairToMarket) {
        KeyedRecords<TickerValues> values = read("allTicker", readers.tickers, body);
        Map<String, Ticker> result = new LinkedHashMap<>();
        values.forEach((pair, v) -> {
            if (PAIR.matcher(pair).matches()) {
                String market = pairToMarket.getOrDefault(pair, pair);
                result.put(market, v.ticker(market, null));
            } else {
                values.refuse("'" + Echo.of(pair) + "': not a market");
            }
        });
        tell("allTicker", REST, null, values.refusals());
        return result;
    }

    public Ticker ticker(String market, byte[] body) {
        TickerReply reply = read("ticker", readers.ticker, body);
        return reply.ticker().ticker(market, reply.date());
    }

    /** Both sides best first (see {@link BookSide}). */
    public Depth depth(String market, byte[] body) {
        DepthReply reply = read("depth", readers.depth, body);
        return new Depth(market, reply.asks(), reply.bids(), reply.timestamp());
    }

    /** Trades in tid order; those out of bounds are left out ({@link Records#refused}). */
    public Records<Trade> trades(String market, byte[] body) {
        return trades(market, this.<Records<TradeRecord>>read("trades", readers.trades, body), REST);
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
            result.add(t.trade(market));
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

    /** Candles oldest first. */
    public Kline kline(String market, KlineType type, byte[] body) {
        KlineReply reply = read("kline", readers.kline, body);
        Records<Candle> candles = reply.data();
        candles.sort(Comparator.comparing(Candle::openTime));
        tell("kline", REST, market, candles.refusals());
        return new Kline(market, type, reply.symbol(), reply.moneyType(), candles);
    }

    // ---------------------------------------------------------------- trading and account

    /** The number of the order placed. */
    public String placed(byte[] body) {
        Placed reply = read("order", readers.placed, body);
        ReplyCode.require("order", reply.code(), reply.message(), null);
        return reply.id();
    }

    /** The numbers of a batch's orders, in the order of its pairs. */
    public List<String> placedBatch(byte[] body) {
        PlacedBatch reply = read("orderMoreV2", readers.placedBatch, body);
        ReplyCode.require("orderMoreV2", reply.code(), reply.message(), null);
        return reply.data();
    }

    /** Checks a reply that carries nothing but its code (a cancel). */
    public void acknowledged(String operation, byte[] body) {
        Acknowledged reply = read(operation, readers.acknowledged, body);
        ReplyCode.require(operation, reply.code(), reply.message(), null);
    }

    /** One order record; {@code variantA} decides what the status value means. */
    public Order order(String operation, byte[] body, boolean variantA) {
        return this.<OrderRecord>read(operation, readers.order, body).order(variantA);
    }

    /** A page of orders; an order out of bounds is left out ({@link Records#refused}). */
    public Records<Order> orders(String operation, byte[] body, boolean variantA) {
        Records<OrderRecord> records = read(operation, readers.orders, body);
        Records<Order> result = records.carrying(new Records<>(records.size()));
        records.forEach(o -> result.add(o.order(variantA)));
        tell(operation, REST, null, records.refusals());
        return result;
    }

    public AccountInfo accountInfo(byte[] body) {
        return this.<AccountReply>read("getAccountInfo", readers.account, body).accountInfo();
    }

    public Address address(String operation, String coin, byte[] body) {
        return new Address(coin, this.<AddressData>wrapped(operation, readers.address, body).key());
    }

    public WithdrawPage withdrawPage(byte[] body) {
        WithdrawData data = wrapped("getWithdrawRecord", readers.withdrawals, body);
        Records<WithdrawRecord> records = data.list().carrying(new Records<>(data.list().size()));
        data.list().forEach(r -> records.add(r.record()));
        tell("getWithdrawRecord", REST, null, data.list().refusals());
        return new WithdrawPage(records, data.pageIndex(), data.pageSize(), data.totalCount(), data.totalPage());
    }

    /** The data of an address or record reply, once its code and {@code isSuc} say it succeeded. */
    private <T> T wrapped(String operation, ReplyShape<Wrapped<T>> shape, byte[] body) {
        Wrapped<T> reply = read(operation, shape, body);
        ReplyCode.require(operation, reply.code(), reply.message().des(), reply.message().isSuc());
        return reply.message().datas();
    }

    // ---------------------------------------------------------------- writing

    /** {@code tradeParams} of a batch: {@code [[price,amount],...]}, numbers written plain as the market scales them. */
    public String tradeParams(List<PriceAmount> pairs) {
        List<List<BigDecimal>> rows = new ArrayList<>(pairs.size());
        pairs.forEach(p -> rows.add(List.of(p.price(), p.amount())));
        try {
            return readers.tradeParams.writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A list of decimals is always JSON", e);
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * The reply read in its shape: its lists of records found first, each record read on its own
     * ({@link ReplyShape}), so that a record that cannot be read loses itself alone. A reply that does not have the
     * shape is either one of the exchange's error replies, thrown as such, or broken. Error replies lack the fields
     * every shape requires, so none is read as an answer; shapes that carry a code (the trading replies) are checked
     * by their readers.
     */
    <T> T read(String operation, ReplyShape<T> shape, byte[] body) {
        T value;
        try {
            value = shape.read(JsonText.of(body), operation);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ExchangeReplyFormatException format) {
                refused.reply(operation, REST);
                throw format;
            }
            ReplyCode.check(mapper.getFactory(), operation, body);
            refused.reply(operation, REST);
            throw new ExchangeReplyFormatException(operation, ReplyProblems.problem(e, body.length),
                    ReplyProblems.snippet(body));
        }
        if (value == null) {
            refused.reply(operation, REST);
            throw new ExchangeReplyFormatException(operation, "empty reply", ReplyProblems.snippet(body));
        }
        if (value instanceof KeyedRecords<?> keyed && keyed.isEmpty() && !keyed.refusals().isEmpty()) {
            // An error reply is an object too, {"code":1001,"message":...}: read as a reply keyed by market, its
            // every key would be refused. Nothing read is the sign to ask whether it is one.
            ReplyCode.check(mapper.getFactory(), operation, body);
        }
        return value;
    }
}
