package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The recording format: a line's {@code data} is, byte for byte, the JSON camel-exchange's models marshal to
 * with Camel's JSON data format (the examples of the guide's data-formats table), and reading is strict.
 */
class RecordingFormatTest {
    private static final Instant AT = Instant.parse("2026-11-25T08:00:00.123Z");
    static final String TRADE = "{\"market\":\"btc_usdt\",\"tid\":1000004,\"date\":\"2026-11-22T08:00:30Z\","
            + "\"price\":\"65001.20\",\"amount\":\"0.0200\",\"takerSide\":\"SELL\"}";
    static final String DEPTH = "{\"market\":\"btc_usdt\",\"asks\":[{\"price\":\"65010.10\",\"amount\":\"0.1000\"}],"
            + "\"bids\":[{\"price\":\"64990.50\",\"amount\":\"0.2500\"}],\"timestamp\":\"2026-11-22T08:00:30Z\"}";
    static final String TICKER = "{\"market\":\"btc_usdt\",\"high\":\"65000.10\",\"low\":\"65000.10\","
            + "\"buy\":\"64990.50\",\"sell\":\"65010.10\",\"last\":\"65000.10\",\"volume\":\"0.0100\","
            + "\"date\":\"2026-11-22T08:00:30.250Z\"}";
    static final String CANDLE = "{\"openTime\":\"2026-11-22T08:00:00Z\",\"open\":\"65000.10\",\"high\":\"65000.10\","
            + "\"low\":\"65000.10\",\"close\":\"65000.10\",\"volume\":\"0.0100\"}";
    static final String MARKETS = "{\"btc_usdt\":{\"name\":\"btc_usdt\",\"priceScale\":2,\"amountScale\":4,"
            + "\"minAmount\":\"0.0001\",\"minSize\":\"1\"}}";

    private static String written(MarketEvent.Kind kind, String market, KlineType type, String data)
            throws IOException {
        StringWriter out = new StringWriter();
        try (RecordingWriter writer = new RecordingWriter(out)) {
            writer.writeJson(AT, kind, market, type, data);
        }
        return out.toString();
    }

    @Test
    void theDataOfALineIsTheModelsJson() throws IOException {
        assertThat(written(MarketEvent.Kind.TRADE, "btc_usdt", null, TRADE)).isEqualTo(
                "{\"at\":\"2026-11-25T08:00:00.123Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\",\"data\":" + TRADE
                        + "}\n");
        assertThat(written(MarketEvent.Kind.DEPTH, "btc_usdt", null, DEPTH)).endsWith("\"data\":" + DEPTH + "}\n");
        assertThat(written(MarketEvent.Kind.TICKER, "btc_usdt", null, TICKER)).endsWith("\"data\":" + TICKER + "}\n");
        assertThat(written(MarketEvent.Kind.CANDLE, "btc_usdt", KlineType.MIN_1, CANDLE)).isEqualTo(
                "{\"at\":\"2026-11-25T08:00:00.123Z\",\"kind\":\"candle\",\"market\":\"btc_usdt\",\"type\":\"MIN_1\","
                        + "\"data\":" + CANDLE + "}\n");
        assertThat(written(MarketEvent.Kind.MARKETS, null, null, MARKETS)).isEqualTo(
                "{\"at\":\"2026-11-25T08:00:00.123Z\",\"kind\":\"markets\",\"data\":" + MARKETS + "}\n");
    }

    @Test
    void eventsWrittenFromJavaReadBackEqual() throws IOException {
        List<MarketEvent> events = List.of(
                new MarketEvent.Markets(AT, List.of(new MarketSpec("btc_usdt", 2, 4, new BigDecimal("0.0001"),
                        BigDecimal.ONE, BigDecimal.ZERO))),
                new MarketEvent.Trade(AT, "btc_usdt", 7, AT, new BigDecimal("60000.10"), new BigDecimal("0.0100"),
                        Side.BUY),
                new MarketEvent.Trade(AT, "btc_usdt", 8, AT, new BigDecimal("60000.10"), new BigDecimal("0.0100"),
                        null),
                new MarketEvent.Depth(AT, "btc_usdt", List.of(new PriceLevel(new BigDecimal("60001.00"),
                        new BigDecimal("1.5000"))), List.of(), AT),
                new MarketEvent.Ticker(AT, "btc_usdt", BigDecimal.TEN, BigDecimal.ONE, BigDecimal.ONE,
                        BigDecimal.TEN, BigDecimal.TEN, new BigDecimal("3.0000"), null),
                new MarketEvent.Candle(AT, "btc_usdt", KlineType.HOUR_4, AT, BigDecimal.ONE, BigDecimal.TEN,
                        BigDecimal.ONE, BigDecimal.TEN, BigDecimal.ZERO));
        StringWriter out = new StringWriter();
        try (RecordingWriter writer = new RecordingWriter(out)) {
            for (MarketEvent event : events) {
                writer.write(event);
            }
        }
        try (RecordingReader reader = new RecordingReader(new StringReader(out.toString()))) {
            for (MarketEvent event : events) {
                assertThat(reader.next()).isEqualTo(event);
            }
            assertThat(reader.next()).isNull();
        }
    }

    @Test
    void numbersMayBeJsonNumbersAndUnknownKindsAndBlankLinesAreSkipped() throws IOException {
        String text = "\uFEFF{\"at\":\"2026-11-25T08:00:00Z\",\"kind\":\"news\",\"market\":\"btc_usdt\","
                + "\"data\":{}}\r\n"
                + "\n"
                + "{\"at\":\"2026-11-25T08:00:01Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\",\"data\":{\"tid\":9,"
                + "\"date\":\"2026-11-25T08:00:01Z\",\"price\":60000.10,\"amount\":1E-2,\"takerSide\":null}}\r\n";
        try (RecordingReader reader = new RecordingReader(new StringReader(text))) {
            MarketEvent.Trade trade = (MarketEvent.Trade) reader.next();
            assertThat(trade.price()).isEqualTo(new BigDecimal("60000.10"));
            assertThat(trade.amount()).isEqualByComparingTo("0.01");
            assertThat(trade.takerSide()).isNull();
            assertThat(reader.lineNumber()).isEqualTo(3);
            assertThat(reader.unknownKinds()).isEqualTo(1);
            assertThat(reader.next()).isNull();
        }
    }

    @Test
    void aLineThatCannotBeReadIsRefusedNamingTheLine() {
        assertRefused("{\"at\":\"2026-11-25T08:00:00Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\",\"data\":{\"tid\":9,"
                + "\"date\":\"2026-11-25T08:00:01Z\",\"price\":\"1E-999999999\",\"amount\":\"1\"}}", "price");
        assertRefused("{\"at\":\"yesterday\",\"kind\":\"trade\"}", "at is not an ISO-8601");
        assertRefused("{\"at\":\"2026-11-25T08:00:00Z\",\"at\":\"2026-11-25T08:00:00Z\"}", "not JSON");
        assertRefused("[1,2]", "not a JSON object");
        assertRefused("{\"at\":\"2026-11-25T08:00:00Z\",\"kind\":\"trade\",\"market\":\"eth_usdt\",\"data\":" + TRADE
                + "}", "is not the line's");
        assertRefused("{\"at\":\"2026-11-25T08:00:00Z\",\"kind\":\"candle\",\"market\":\"btc_usdt\",\"type\":\"1min\","
                + "\"data\":" + CANDLE + "}", "MIN_1");
        assertRefused("{\"at\":\"2026-11-25T08:00:00Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\",\"data\":{\"tid\":9,"
                + "\"date\":\"2026-11-25T08:00:01Z\",\"price\":\"1\",\"amount\":\"1\",\"takerSide\":\"bid\"}}", "BUY");
        assertRefused("x".repeat(RecordingReader.MAX_LINE + 1), "longer than");
    }

    private static void assertRefused(String line, String problem) {
        assertThatThrownBy(() -> {
            try (RecordingReader reader = new RecordingReader(new StringReader("\n" + line + "\n"))) {
                reader.next();
            }
        }).isInstanceOf(RecordingFormatException.class).hasMessageContaining("line 2").hasMessageContaining(problem)
                .satisfies(e -> assertThat(((RecordingFormatException) e).line()).isEqualTo(2));
    }
}
