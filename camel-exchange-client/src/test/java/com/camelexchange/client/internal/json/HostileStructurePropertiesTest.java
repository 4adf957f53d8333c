package com.camelexchange.client.internal.json;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.json.HostileRecords.Change;
import com.camelexchange.client.internal.json.HostileRecords.Rec;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawRecord;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every reader of a list (REST trades, candles, order and withdrawal listings, the markets and the tickers keyed by
 * name, pushed trades and candles) given generated records of hostile structure among good ones
 * ({@link HostileRecords}): each record is read as it would be alone — the good ones always, in order, once; each
 * refused one told, and at its place — whatever the records around it; what no reader may take is refused; a reply
 * cut short at any byte is refused whole, nothing of it read; a reply that is one whole is read or refused whole with
 * a typed error, never anything else; and nothing logs a stack trace. Seeds are fixed so the build sees the same
 * cases every time; {@code -Djqwik.tries.default=N} runs more of them (the benchmarks README says how).
 */
class HostileStructurePropertiesTest {
    private static final long NOW_MS = System.currentTimeMillis();
    private static final long NOW_S = NOW_MS / 1000;
    private static final String MARKET = "btc_usdt";
    /**
     * jqwik says at INFO, through java.util.logging, when a property has more edge cases than tries: these have, by
     * design. Held here so that the level set stays.
     */
    private static final java.util.logging.Logger JQWIK = quiet(java.util.logging.Logger.getLogger("net.jqwik"));

    private static java.util.logging.Logger quiet(java.util.logging.Logger logger) {
        logger.setLevel(java.util.logging.Level.WARNING);
        return logger;
    }

    private final List<String> told = new ArrayList<>();
    private final ReplyRefusals logged = new ReplyRefusals(Metrics.NONE);
    private final ExchangeJson json = new ExchangeJson(new RefusedRecords() {
        @Override
        public void records(String operation, String source, String market, List<String> reasons) {
            told.addAll(reasons);
            logged.records(operation, source, market, reasons);
        }
    });
    private final PushFrames frames = new PushFrames(json);
    private PrintStream stderr;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeTry
    void captureTheLog() {
        told.clear();
        stderr = System.err;
        log.reset();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    @AfterTry
    void noStackTraceWasLogged() {
        System.setErr(stderr);
        assertThat(log.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("\tat ")))
                .as("no stack trace logged").isEmpty();
    }

    /** A reader of a list of records: a good record, the reply around records, and what it read. */
    enum ListReader {
        TRADES(false) {
            @Override
            Rec good(int i) {
                return Rec.object("tid", Long.toString(1000 + i), "date", Long.toString(NOW_S), "price", "\"60000.5\"",
                        "amount", "\"0.01\"", "type", "\"buy\"", "trade_type", "\"bid\"");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                Records<Trade> trades = p.json.trades(MARKET, body);
                return Read.of(trades, t -> Long.toString(t.tid()));
            }
        },
        PUSHED_TRADES(false) {
            @Override
            Rec good(int i) {
                return TRADES.good(i);
            }

            @Override
            byte[] reply(List<byte[]> records) {
                return HostileRecords.joined("{\"data\":[", records, "],\"dataType\":\"trades\",\"channel\":\"btcusdt_trades\"}");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                PushFrame frame = p.frames.read(new String(body, StandardCharsets.UTF_8));
                if (!frame.readable()) {
                    throw frame.failure();
                }
                return Read.of(p.frames.trades(MARKET, frame), t -> Long.toString(t.tid()));
            }
        },
        CANDLES(false) {
            @Override
            Rec good(int i) {
                return Rec.array(Long.toString(NOW_MS - 3_600_000 + i * 60_000L), "1", "2", "0.5", "1.5", "10");
            }

            @Override
            byte[] reply(List<byte[]> records) {
                return HostileRecords.joined("{\"data\":[", records, "],\"moneyType\":\"usdt\",\"symbol\":\"btc\"}");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                int before = p.told.size();
                List<Candle> candles = p.json.kline(MARKET, KlineType.MIN_1, body).candles();
                return new Read(candles.stream().map(c -> Long.toString(c.openTime().toEpochMilli())).toList(),
                        p.told.size() - before, null);
            }
        },
        PUSHED_CANDLES(false) {
            @Override
            Rec good(int i) {
                return CANDLES.good(i);
            }

            @Override
            byte[] reply(List<byte[]> records) {
                return HostileRecords.joined("{\"datas\":{\"data\":[", records, "]},\"channel\":\"btcusdt_kline_1min\"}");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                PushFrame frame = p.frames.read(new String(body, StandardCharsets.UTF_8));
                if (!frame.readable()) {
                    throw frame.failure();
                }
                int before = p.told.size();
                List<Candle> candles = p.frames.candles(frame);
                return new Read(candles.stream().map(c -> Long.toString(c.openTime().toEpochMilli())).toList(),
                        p.told.size() - before, null);
            }
        },
        ORDERS_A(false) {
            @Override
            Rec good(int i) {
                return Rec.object("id", "\"" + (100 + i) + "\"", "currency", "\"btc_usdt\"", "price", "\"60000\"",
                        "status", "0", "total_amount", "\"0.01\"", "trade_amount", "\"0\"", "trade_money", "\"0\"",
                        "trade_date", Long.toString(NOW_MS), "type", "1");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                return Read.of(p.json.orders("getOrdersIgnoreTradeType", body, true), Order::id);
            }
        },
        ORDERS_B(false) {
            @Override
            Rec good(int i) {
                return ORDERS_A.good(i).with(3, "3");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                return Read.of(p.json.orders("getOrdersIgnoreTradeType", body, false), Order::id);
            }
        },
        WITHDRAWALS(false) {
            @Override
            Rec good(int i) {
                return Rec.object("id", Long.toString(500 + i), "amount", "\"0.1\"", "fees", "\"0.001\"",
                        "submitTime", Long.toString(NOW_MS), "manageTime", "0", "status", "0", "toAddress",
                        "\"addr" + i + "\"");
            }

            @Override
            byte[] reply(List<byte[]> records) {
                return HostileRecords.joined("{\"code\":1000,\"message\":{\"des\":\"success\",\"isSuc\":true,"
                        + "\"datas\":{\"list\":[", records, "],\"pageIndex\":1,\"pageSize\":10,\"totalCount\":"
                        + records.size() + ",\"totalPage\":1}}}");
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                List<WithdrawRecord> records = p.json.withdrawPage(body).records();
                return Read.of(records, r -> Long.toString(r.id()));
            }
        },
        MARKETS(true) {
            @Override
            Rec good(int i) {
                return Rec.object("priceScale", "2", "amountScale", "4");
            }

            @Override
            String key(int i) {
                return "c" + i + "_usdt";
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                int before = p.told.size();
                MarketList markets = p.json.markets(body);
                return new Read(List.copyOf(markets.keySet()), p.told.size() - before, null);
            }
        },
        ALL_TICKER(true) {
            @Override
            Rec good(int i) {
                return Rec.object("high", "\"2\"", "low", "\"1\"", "buy", "\"1.5\"", "sell", "\"1.6\"", "last",
                        "\"1.5\"", "vol", "\"10\"");
            }

            @Override
            String key(int i) {
                return "c" + i + "usdt";
            }

            @Override
            Read read(HostileStructurePropertiesTest p, byte[] body) {
                int before = p.told.size();
                return new Read(List.copyOf(p.json.allTicker(body, Map.of()).keySet()), p.told.size() - before, null);
            }
        };

        /** Whether records are members keyed by name rather than elements of an array. */
        final boolean keyed;

        ListReader(boolean keyed) {
            this.keyed = keyed;
        }

        abstract Rec good(int i);

        /** The name of the {@code i}th member of a keyed list. */
        String key(int i) {
            throw new UnsupportedOperationException();
        }

        /** The reply (or the frame) around these records. */
        byte[] reply(List<byte[]> records) {
            return keyed ? HostileRecords.joined("{", records, "}") : HostileRecords.joined("[", records, "]");
        }

        abstract Read read(HostileStructurePropertiesTest p, byte[] body);

        /** Whether the reader puts the records read in the order of their id rather than as sent. */
        boolean sorts() {
            return this == TRADES || this == PUSHED_TRADES || this == CANDLES || this == PUSHED_CANDLES;
        }

        /** The record as its list holds it: a keyed record with its name. */
        byte[] member(int i, byte[] record) {
            if (!keyed) {
                return record;
            }
            byte[] name = HostileRecords.utf8("\"" + key(i) + "\":");
            byte[] member = new byte[name.length + record.length];
            System.arraycopy(name, 0, member, 0, name.length);
            System.arraycopy(record, 0, member, name.length, record.length);
            return member;
        }
    }

    /**
     * What a reader read: the ids (or names) of the records it delivered, in its order; how many it refused; where
     * the refused ones were as sent, when the reader tells (null when not).
     */
    record Read(List<String> ids, int refused, List<Integer> refusedAt) {
        static <T> Read of(List<T> records, java.util.function.Function<T, String> id) {
            return new Read(records.stream().map(id).toList(), Records.refused(records), Records.refusedAt(records));
        }
    }

    @Provide
    Arbitrary<List<Optional<Change>>> records() {
        return Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(Optional.<Change>empty())),
                Tuple.of(1, HostileRecords.changes().map(Optional::of))).list().ofMaxSize(8);
    }

    @Property(seed = "4236905816453174011")
    void eachRecordIsReadAsItWouldBeAloneWhateverIsAroundIt(@ForAll ListReader reader,
                                                            @ForAll("records") List<Optional<Change>> records) {
        List<byte[]> sent = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        List<Integer> refusedAt = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            Rec good = reader.good(i);
            Optional<Change> change = records.get(i);
            byte[] member = reader.member(i, change.map(c -> c.apply(good)).orElseGet(() -> HostileRecords.utf8(good.text())));
            sent.add(member);
            Read alone = reader.read(this, reader.reply(List.of(member)));
            if (change.isEmpty()) {
                assertThat(alone.ids()).as("a good record is read").hasSize(1);
            } else if (change.get().alwaysRefused(good)) {
                assertThat(alone.ids()).as("no reader takes " + change.get().getClass().getSimpleName()).isEmpty();
            }
            if (alone.ids().isEmpty()) {
                assertThat(alone.refused()).as("a record not read is told").isEqualTo(1);
                refusedAt.add(i);
            } else {
                expected.addAll(alone.ids());
            }
        }
        if (reader.sorts()) {
            expected.sort(Comparator.comparingLong(Long::parseLong));
        }
        told.clear();

        Read read = reader.read(this, reader.reply(sent));

        assertThat(read.ids()).as("each record as it reads alone, in the reader's order").isEqualTo(expected);
        assertThat(read.refused()).as("each refused record counted").isEqualTo(refusedAt.size());
        assertThat(told).as("each refused record told once").hasSize(refusedAt.size());
        if (read.refusedAt() != null) {
            assertThat(read.refusedAt()).as("where each refused record was").isEqualTo(refusedAt);
        }
    }

    @Property(seed = "-2470133325120993337")
    void aListCutShortAtAnyByteIsRefusedWholeAndNothingOfItRead(@ForAll ListReader reader,
                                                                @ForAll("records") List<Optional<Change>> records,
                                                                @ForAll @DoubleRange(min = 0, max = 1,
                                                                        maxIncluded = false) double at) {
        List<byte[]> sent = IntStream.range(0, records.size()).mapToObj(i -> {
            Rec good = reader.good(i);
            return reader.member(i, records.get(i).map(c -> c.apply(good))
                    .orElseGet(() -> HostileRecords.utf8(good.text())));
        }).toList();
        byte[] whole = reader.reply(sent);
        byte[] cut = java.util.Arrays.copyOf(whole, (int) Math.floor(at * whole.length));

        assertThatThrownBy(() -> reader.read(this, cut)).isInstanceOf(ExchangeReplyFormatException.class);
        assertThat(told).as("nothing of it read, nothing told as a record").isEmpty();
    }

    /** A reply that is one whole: a good one, and how it is read. */
    enum WholeReader {
        TICKER {
            @Override
            Rec good() {
                return Rec.object("ticker", "{\"high\":\"2\",\"low\":\"1\",\"buy\":\"1.5\",\"sell\":\"1.6\",\"last\":\"1.5\","
                        + "\"vol\":\"10\"}", "date", "\"" + NOW_MS + "\"");
            }

            @Override
            Object read(ExchangeJson json, byte[] body) {
                return json.ticker(MARKET, body);
            }
        },
        DEPTH {
            @Override
            Rec good() {
                return Rec.object("asks", "[[\"60001\",\"0.5\"],[\"60002\",\"1\"]]", "bids", "[[\"60000\",\"2\"]]",
                        "timestamp", Long.toString(NOW_S));
            }

            @Override
            Object read(ExchangeJson json, byte[] body) {
                return json.depth(MARKET, body);
            }
        },
        ORDER {
            @Override
            Rec good() {
                return ListReader.ORDERS_A.good(1);
            }

            @Override
            Object read(ExchangeJson json, byte[] body) {
                return json.order("getOrder", body, true);
            }
        },
        ACCOUNT {
            @Override
            Rec good() {
                return Rec.object("result", "{\"coins\":[{\"key\":\"btc\",\"enName\":\"BTC\",\"unitDecimal\":8,"
                        + "\"fundstype\":2,\"available\":\"1.5\",\"freez\":\"0\",\"isCanRecharge\":true,"
                        + "\"isCanWithdraw\":true,\"canLoan\":false}],\"base\":{\"username\":\"alice\","
                        + "\"trade_password_enabled\":true,\"auth_google_enabled\":false,\"auth_mobile_enabled\":false}}",
                        "assetPerm", "true", "entrustPerm", "true", "moneyPerm", "true", "leverPerm", "false");
            }

            @Override
            Object read(ExchangeJson json, byte[] body) {
                return json.accountInfo(body);
            }
        },
        ADDRESS {
            @Override
            Rec good() {
                return Rec.object("code", "1000", "message",
                        "{\"des\":\"success\",\"isSuc\":true,\"datas\":{\"key\":\"0xabc\"}}");
            }

            @Override
            Object read(ExchangeJson json, byte[] body) {
                return json.address("getUserAddress", "btc", body);
            }
        };

        abstract Rec good();

        abstract Object read(ExchangeJson json, byte[] body);
    }

    @Property(seed = "7340561109271384123")
    void aWholeReplyIsReadOrRefusedWholeWithATypedError(@ForAll WholeReader reader,
                                                        @ForAll("change") Change change) {
        Rec good = reader.good();
        assertThat(reader.read(json, HostileRecords.utf8(good.text()))).isNotNull();

        Throwable failure = catchThrowable(() -> reader.read(json, change.apply(good)));

        if (failure != null) {
            assertThat(failure).as("a typed error, nothing else")
                    .isInstanceOfAny(ExchangeReplyFormatException.class, ExchangeErrorReplyException.class);
        }
        if (change.alwaysRefused(good)) {
            assertThat(failure).as("refused whole").isInstanceOf(ExchangeReplyFormatException.class);
        }
    }

    @Provide
    Arbitrary<Change> change() {
        return HostileRecords.changes();
    }
}
