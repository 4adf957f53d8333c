package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fast reading of a line changes nothing a recording's reader gives: on a corpus of lines (every kind as the
 * writer writes it, the same data in other shapes the general reading accepts, and lines it refuses), the fast
 * reading gives the general reading's event or leaves the line to it, never accepts a line the general reading
 * refuses, and the reader gives the same event or the same error message as the general reading alone.
 */
class FastLineParserTest {
    private static final Instant AT = Instant.parse("2026-11-25T08:00:00.123Z");
    private static final String M = "btc_usdt";
    private static final String TRADE = RecordingFormatTest.TRADE;

    /** Events of every kind, written by the writer: the lines the fast reading is for. */
    private static List<MarketEvent> events() {
        List<MarketEvent> events = new ArrayList<>();
        events.add(new MarketEvent.Trade(AT, M, 7, AT, new BigDecimal("60000.10"), new BigDecimal("0.0100"),
                Side.BUY));
        events.add(new MarketEvent.Trade(AT, M, Long.MAX_VALUE, Instant.parse("2024-02-29T23:59:59.999999999Z"),
                new BigDecimal("-0.00"), new BigDecimal("-12345678901234567890.123456789"), Side.SELL));
        events.add(new MarketEvent.Trade(AT.plusNanos(1), M, -1, AT, new BigDecimal("60000.10"), BigDecimal.ONE,
                null));
        events.add(new MarketEvent.Trade(AT, "x".repeat(64), 8, AT, new BigDecimal("1" + "0".repeat(39)),
                new BigDecimal("0." + "0".repeat(29) + "1"), null));
        events.add(new MarketEvent.Trade(AT, "b\"t\\c\u00e9_usdt", 9, AT, BigDecimal.TEN, BigDecimal.TEN, null));
        events.add(new MarketEvent.Depth(AT, M, List.of(new PriceLevel(new BigDecimal("60001.00"),
                new BigDecimal("1.5000")), new PriceLevel(new BigDecimal("60002.00"), new BigDecimal("0.5"))),
                List.of(new PriceLevel(new BigDecimal("59999"), new BigDecimal("2"))), AT));
        events.add(new MarketEvent.Depth(AT, M, List.of(), List.of(), Instant.parse("0000-01-01T00:00:00Z")));
        events.add(new MarketEvent.Ticker(AT, M, BigDecimal.TEN, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.TEN,
                BigDecimal.TEN, new BigDecimal("3.0000"), null));
        events.add(new MarketEvent.Ticker(AT, M, BigDecimal.TEN, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.TEN,
                BigDecimal.TEN, new BigDecimal("3.0000"), Instant.parse("9999-12-31T23:59:59Z")));
        for (KlineType type : KlineType.values()) {
            events.add(new MarketEvent.Candle(AT, M, type, AT, BigDecimal.ONE, BigDecimal.TEN, BigDecimal.ONE,
                    BigDecimal.TEN, BigDecimal.ZERO));
        }
        events.add(new MarketEvent.Markets(AT, List.of(new MarketSpec(M, 2, 4, new BigDecimal("0.0001"),
                BigDecimal.ONE, BigDecimal.ZERO))));
        return events;
    }

    /** Lines the general reading accepts in shapes the writer does not write. */
    private static final List<String> OTHER_SHAPES = List.of(
            // Fields in another order, at the line and in the data.
            j("{'kind':'trade','at':'2026-11-25T08:00:00Z','market':'btc_usdt','data':") + TRADE + "}",
            line("trade", j("{'tid':9,'market':'btc_usdt','date':'2026-11-25T08:00:01Z','price':'1','amount':'1',"
                    + "'takerSide':'BUY'}")),
            line("depth", j("{'market':'btc_usdt','asks':[{'amount':'1','price':'2'}],'bids':[],"
                    + "'timestamp':'2026-11-25T08:00:00Z'}")),
            // Unknown fields, at each level.
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':'btc_usdt','note':{'a':[1,2]},'data':") + TRADE
                    + "}",
            line("trade", j("{'market':'btc_usdt','tid':9,'date':'2026-11-25T08:00:01Z','price':'1','amount':'1',"
                    + "'takerSide':null,'extra':true}")),
            line("depth", j("{'market':'btc_usdt','asks':[{'price':'2','amount':'1','orders':3}],'bids':[],"
                    + "'timestamp':'2026-11-25T08:00:00Z'}")),
            // Optional fields left out or null; numbers as JSON numbers; a data market of null. (The first two are
            // the lines the replay's test applies and refuses for what they say, not how: a price of 0.)
            j("{'at':'2026-11-25T08:04:00Z','kind':'trade','market':'btc_usdt','data':{'tid':7008,"
                    + "'date':'2026-11-25T08:04:00Z','price':'0','amount':'1'}}"),
            j("{'at':'2026-11-25T08:03:00Z','kind':'trade','market':'doge_usdt',"
                    + "'data':{'tid':1,'date':'2026-11-25T08:03:00Z','price':'1','amount':'1'}}"),
            line("trade", j("{'tid':9,'date':'2026-11-25T08:00:01Z','price':60000.10,'amount':1E-2}")),
            line("trade", j("{'market':null,'tid':9,'date':'2026-11-25T08:00:01Z','price':'1','amount':'1',"
                    + "'takerSide':null}")),
            line("ticker", j("{'market':'btc_usdt','high':'1','low':'1','buy':'1','sell':'1','last':'1',"
                    + "'volume':'1'}")),
            // Times Instant.parse reads that toString() does not write.
            j("{'at':'2026-11-25t08:00:00z','kind':'trade','market':'btc_usdt','data':") + TRADE + "}",
            j("{'at':'2026-12-31T23:59:60Z','kind':'trade','market':'btc_usdt','data':") + TRADE + "}",
            j("{'at':'2026-11-25T24:00:00Z','kind':'trade','market':'btc_usdt','data':") + TRADE + "}",
            // Text after the line's object, which the general reading does not look at.
            line("trade", TRADE) + "}",
            line("trade", TRADE) + " x",
            // The markets line, a kind this version does not know, a type on a line not a candle.
            j("{'at':'2026-11-25T08:00:00Z','kind':'markets','data':") + RecordingFormatTest.MARKETS + "}",
            line("news", "{}"),
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':'btc_usdt','type':'MIN_1','data':") + TRADE + "}");

    /** The writer's shape spelt otherwise: white space between the tokens, a text with escapes. */
    private static final String SPACED = j("{ 'at' : '2026-11-25T08:00:00Z' , 'kind':'trade',"
            + "'market':'btc\\u005fusdt','data': ") + TRADE + " }\t";

    /** Lines the general reading refuses: the bad lines of the format's, reader's and backtest's tests, and more. */
    private static final List<String> BAD = List.of(
            line("trade", j("{'tid':9,'date':'2026-11-25T08:00:01Z','price':'1E-999999999','amount':'1'}")),
            j("{'at':'yesterday','kind':'trade'}"),
            j("{'at':'2026-11-25T08:00:00Z','at':'2026-11-25T08:00:00Z'}"),
            "[1,2]",
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':'eth_usdt','data':") + TRADE + "}",
            j("{'at':'2026-11-25T08:00:00Z','kind':'candle','market':'btc_usdt','type':'1min','data':")
                    + RecordingFormatTest.CANDLE + "}",
            line("trade", j("{'tid':9,'date':'2026-11-25T08:00:01Z','price':'1','amount':'1','takerSide':'bid'}")),
            j("{'at':'2024-01-01T00:00:10Z','kind':'trade','market':'btc_usdt','data':{'price':'not a number'}}"),
            // Keys twice: at the line, in the data, in a level.
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','kind':'trade','market':'btc_usdt','data':") + TRADE + "}",
            line("trade", j("{'market':'btc_usdt','tid':9,'tid':9,'date':'2026-11-25T08:00:01Z','price':'1',"
                    + "'amount':'1','takerSide':null}")),
            line("trade", j("{'market':'btc_usdt','tid':9,'date':'2026-11-25T08:00:01Z','price':'1','amount':'1',"
                    + "'takerSide':null,'price':'2'}")),
            line("depth", j("{'market':'btc_usdt','asks':[{'price':'2','amount':'1','price':'3'}],'bids':[],"
                    + "'timestamp':'2026-11-25T08:00:00Z'}")),
            line("trade", TRADE + j(",'data':") + TRADE),
            // Text too long, decimals out of bounds, times that are none, values of the wrong type.
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':'" + "x".repeat(65) + "','data':{'market':'"
                    + "x".repeat(65) + "','tid':9,'date':'2026-11-25T08:00:01Z','price':'1','amount':'1',"
                    + "'takerSide':null}}"),
            trade("9", "'2026-11-25T08:00:01Z'", "'1" + "0".repeat(64) + "'", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "'1" + "0".repeat(40) + "'", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "'1E+31'", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "'0." + "0".repeat(30) + "1'", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "'1.2.3'", "null"),
            trade("9", "'2026-02-30T08:00:01Z'", "'1'", "null"),
            trade("9", "'2026-11-25T08:00:01.1234567890Z'", "'1'", "null"),
            trade("9.5", "'2026-11-25T08:00:01Z'", "'1'", "null"),
            trade("9223372036854775808", "'2026-11-25T08:00:01Z'", "'1'", "null"),
            trade("'9'", "'2026-11-25T08:00:01Z'", "'1'", "null"),
            trade("9", "null", "'1'", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "true", "null"),
            trade("9", "'2026-11-25T08:00:01Z'", "'1'", "'buy'"),
            line("trade", "[]"),
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':7,'data':") + TRADE + "}",
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','data':") + TRADE + "}",
            line("depth", j("{'market':'btc_usdt','asks':[['2','1']],'bids':[],'timestamp':'2026-11-25T08:00:00Z'}")),
            line("depth", j("{'market':'btc_usdt','asks':{},'bids':[],'timestamp':'2026-11-25T08:00:00Z'}")),
            line("ticker", j("{'market':'btc_usdt','high':'1','low':'1','buy':'1','sell':'1','last':'1','volume':'1',"
                    + "'date':'2026-11-25T08:00:00+00:00:00:00'}")),
            line("candle", RecordingFormatTest.CANDLE),
            // Not JSON, or broken after a good start.
            j("{'at':'2026-11-25T08:00:00Z','kind':'trade','market':'btc_usdt','data':") + TRADE,
            trade("007", "'2026-11-25T08:00:01Z'", "'1'", "null"),
            j("{'at':'2026-11-25T08:00:00Z' 'kind':'trade'}"),
            "not json");

    /** JSON written with ' for ", to keep the corpus readable. */
    private static String j(String json) {
        return json.replace('\'', '"');
    }

    /** A line of {@code kind} of btc_usdt at 08:00 with that data. */
    private static String line(String kind, String data) {
        return j("{'at':'2026-11-25T08:00:00Z','kind':'" + kind + "','market':'btc_usdt','data':") + data + "}";
    }

    /** A trade line in the writer's shape with these values (JSON, ' for "), its amount 1. */
    private static String trade(String tid, String date, String price, String takerSide) {
        return line("trade", j("{'market':'btc_usdt','tid':" + tid + ",'date':" + date + ",'price':" + price
                + ",'amount':'1','takerSide':" + takerSide + "}"));
    }

    @Test
    void theWritersLinesOfEveryKindAreReadFastToTheEventWritten() {
        for (MarketEvent event : events()) {
            String line = RecordingFormat.line(event);
            if (event instanceof MarketEvent.Markets) {
                // Read once a recording, at its start: left to the general reading.
                assertThat(FastLineParser.parse(line)).as(line).isNull();
            } else {
                assertThat(FastLineParser.parse(line)).as(line).isEqualTo(event);
            }
            assertSameAsTheGeneralReading(line);
        }
    }

    @Test
    void otherShapesAreLeftToTheGeneralReadingWhichAcceptsThem() {
        for (String line : OTHER_SHAPES) {
            assertThat(FastLineParser.parse(line)).as(line).isNull();
            assertThat(outcome(() -> RecordingFormat.parseTree(line, 2)).refusal()).as(line).isNull();
            assertSameAsTheGeneralReading(line);
        }
        assertThat(FastLineParser.parse(SPACED)).isEqualTo(RecordingFormat.parseTree(SPACED, 2)).isNotNull();
        assertSameAsTheGeneralReading(SPACED);
    }

    @Test
    void badLinesAreNeverReadFastAndFailWithTheGeneralReadingsMessage() {
        for (String line : BAD) {
            assertThat(FastLineParser.parse(line)).as(line).isNull();
            assertThat(outcome(() -> RecordingFormat.parseTree(line, 2)).refusal()).as(line).isNotNull();
            assertSameAsTheGeneralReading(line);
        }
    }

    /**
     * The fast reading never disagrees with the general one, and the reader gives on the line (as line 2 of a
     * recording) what the general reading alone gives: the same event, or the same message.
     */
    private static void assertSameAsTheGeneralReading(String line) {
        Outcome general = outcome(() -> RecordingFormat.parseTree(line, 2));
        MarketEvent fast = FastLineParser.parse(line);
        if (fast != null) {
            assertThat(new Outcome(fast, null)).as(line).isEqualTo(general);
        }
        assertThat(outcome(() -> RecordingFormat.parse(line, 2))).as(line).isEqualTo(general);
        assertThat(outcome(() -> {
            try (RecordingReader reader = new RecordingReader(new StringReader("\n" + line + "\n"))) {
                return reader.next();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        })).as(line).isEqualTo(general);
    }

    private interface Read {
        MarketEvent read();
    }

    /** The event read (null for a kind not known, which the reader skips), or the message of the refusal. */
    private record Outcome(MarketEvent event, String refusal) {
    }

    private static Outcome outcome(Read read) {
        try {
            return new Outcome(read.read(), null);
        } catch (RecordingFormatException e) {
            return new Outcome(null, e.getMessage());
        }
    }
}
