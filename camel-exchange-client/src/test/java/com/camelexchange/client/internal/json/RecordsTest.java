package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.model.Trade;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One record out of bounds loses that record, not the list; broken JSON loses the list. */
class RecordsTest {
    private final List<String> told = new ArrayList<>();
    private final ExchangeJson json = new ExchangeJson(new RefusedRecords() {
        @Override
        public void records(String operation, String source, String market, List<String> reasons) {
            told.addAll(reasons);
        }
    });

    private static String trade(long tid, String price) {
        return "{\"date\":" + (System.currentTimeMillis() / 1000) + ",\"amount\":\"0.5\",\"price\":" + price
               + ",\"type\":\"buy\",\"trade_type\":\"bid\",\"tid\":" + tid + "}";
    }

    private Records<Trade> trades(String middle) {
        String body = "[" + trade(1, "\"100\"") + "," + middle + "," + trade(3, "\"101\"") + "]";
        return json.trades("btc_usdt", body.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e999999999", "\"1e999999999\"", "-1", "0", "\"NaN\"", "NaN", "Infinity", "null", "true",
            "{}", "[1]", "\"abc\"", "1234567890123456789012345678901234567890123456789012345678901234567890"})
    void aTradeWithAPriceOutOfBoundsIsRefusedAndTheOthersRead(String price) {
        Records<Trade> read = trades(trade(2, price));
        assertThat(read).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(read.refused()).isEqualTo(1);
        assertThat(Records.sent(read)).isEqualTo(3);
        assertThat(Records.refusedAt(read)).as("where it was as sent").containsExactly(1);
        assertThat(told).singleElement().asString().startsWith("record 1: ");
    }

    @Test
    void aNumberOfAMillionDigitsIsRefusedAsARecordWithoutConvertingIt() {
        Records<Trade> read = trades(trade(2, "9".repeat(1_000_000)));
        assertThat(read).extracting(Trade::tid).containsExactly(1L, 3L);
        read = trades(trade(2, "1").replace("\"tid\":2", "\"tid\":" + "9".repeat(1_000_000)));
        assertThat(read).extracting(Trade::tid).containsExactly(1L, 3L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-2", "9007199254740993", "9223372036854775807", "99999999999999999999999", "1.5",
            "\"\"", "null"})
    void aTradeIdOutOfRangeIsRefused(String tid) {
        Records<Trade> read = trades(trade(2, "1").replace("\"tid\":2", "\"tid\":" + tid));
        assertThat(read).extracting(Trade::tid).containsExactly(1L, 3L);
    }

    @ParameterizedTest
    @ValueSource(longs = {946684799L, 0L, -1L, 4102444800000L})
    void aDateBefore2000OrInMillisecondsWhereSecondsAreDueIsRefused(long date) {
        String bad = trade(2, "1").replaceFirst("\"date\":[0-9]+", "\"date\":" + date);
        assertThat(trades(bad)).extracting(Trade::tid).containsExactly(1L, 3L);
    }

    @Test
    void aDateMoreThanADayAheadIsRefusedAndAnHourAheadTaken() {
        long now = System.currentTimeMillis() / 1000;
        assertThat(trades(trade(2, "1").replaceFirst("\"date\":[0-9]+", "\"date\":" + (now + 2 * 86_400))))
                .extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(trades(trade(2, "1").replaceFirst("\"date\":[0-9]+", "\"date\":" + (now + 3600))))
                .extracting(Trade::tid).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aDuplicatedKeyRefusesItsRecordWhicheverValueComesLast() {
        assertThat(trades(trade(2, "\"1\",\"price\":\"2\""))).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(told).singleElement().asString().contains("duplicate key 'price'");
    }

    @Test
    void anUnknownSideIsRefusedAndAMissingOneTaken() {
        assertThat(trades(trade(2, "1").replace("\"buy\"", "\"sideways\""))).extracting(Trade::tid)
                .containsExactly(1L, 3L);
        assertThat(trades(trade(2, "1").replace(",\"type\":\"buy\",\"trade_type\":\"bid\"", "")))
                .extracting(Trade::tid).containsExactly(1L, 2L, 3L);
    }

    @Test
    void aRecordThatIsNotJsonInsideLosesThatRecordAlone() {
        assertThat(trades("{\"tid\":2,\"price\":1.2.3}")).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(trades("{\"tid\":2,\"price\":tru}")).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(trades("{\"tid\" 2}")).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(trades("{\"tid\":2} 7")).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(trades("\u00ff{\"tid\":2}")).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(told).hasSize(5).allSatisfy(why -> assertThat(why).startsWith("record 1: "));
    }

    @Test
    void brokenStructureRefusesTheWholeReply() {
        // Where one record ends cannot be known: cut short, a bracket closed by the other kind, a comma too many.
        assertThatThrownBy(() -> trades("")).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades("{\"tid\":2,")).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades("{\"tid\":2]")).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades("{\"tid\":2},")).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades("{\"type\":\"bu")).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades("{\"tid\":[2}")).isInstanceOf(ExchangeReplyFormatException.class);
    }

    @Test
    void aReplyCutShortIsRefusedWholeNotReadAsTheRecordsBeforeTheCut() {
        String markets = "{\"btc_usdt\":{\"priceScale\":2,\"amountScale\":4},\"eth_usdt\":{\"priceScale\":2";
        assertThatThrownBy(() -> json.markets(markets.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> json.markets("{\"btc_usdt\":{\"priceScale\":2,\"amountScale\":4}".getBytes(
                StandardCharsets.UTF_8))).isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> trades(trade(2, "1") + ",")).isInstanceOf(ExchangeReplyFormatException.class);
    }

    @Test
    void anErrorReplyToAReplyKeyedByMarketIsTheExchangesErrorNotAListOfBadMarkets() {
        assertThatThrownBy(() -> json.markets("{\"code\":1001,\"message\":\"busy\"}".getBytes(
                StandardCharsets.UTF_8))).isInstanceOf(ExchangeErrorReplyException.class);
        assertThat(told).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {150, 201, 3_000, 100_000})
    void aRecordNestedAnyDepthLosesThatRecordAlone(int depth) {
        assertThat(trades(trade(2, "[".repeat(depth) + "1" + "]".repeat(depth)))).extracting(Trade::tid)
                .containsExactly(1L, 3L);
        assertThat(trades("[".repeat(depth) + "]".repeat(depth))).extracting(Trade::tid).containsExactly(1L, 3L);
        assertThat(told).hasSize(2).allSatisfy(why -> assertThat(why).startsWith("record 1: "));
    }

    @ParameterizedTest
    @ValueSource(ints = {150, 201, 3_000, 100_000})
    void aFieldNoReaderNeedsIsIgnoredWithinTheNestingBoundAndLosesItsRecordBeyondIt(int depth) {
        String extra = trade(2, "1").replace("}", ",\"x\":" + "{\"y\":".repeat(depth) + "1" + "}".repeat(depth) + "}");
        if (depth < ReplyMapper.MAX_NESTING) {
            assertThat(trades(extra)).extracting(Trade::tid).containsExactly(1L, 2L, 3L);
            assertThat(told).isEmpty();
        } else {
            assertThat(trades(extra)).extracting(Trade::tid).containsExactly(1L, 3L);
            assertThat(told).singleElement().asString().endsWith("nested deeper than 200 levels");
        }
    }

    @Test
    void aRecordWithBytesThatAreNoUtf8LosesThatRecordAloneAndSaysSo() {
        for (byte bad : new byte[] {(byte) 0xff, (byte) 0xc3, (byte) 0x80, (byte) 0xed}) {
            byte[] body = ("[" + trade(1, "\"100\"") + "," + trade(2, "\"1\"").replace("\"buy\"", "\"b#y\"") + ","
                           + trade(3, "\"101\"") + "]").getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < body.length; i++) {
                if (body[i] == '#') {
                    body[i] = bad;
                }
            }
            assertThat(json.trades("btc_usdt", body)).extracting(Trade::tid).containsExactly(1L, 3L);
        }
        assertThat(told).hasSize(4).allSatisfy(why -> assertThat(why).isEqualTo("record 1: 'type': not UTF-8"));
    }

    @Test
    void aPageOfOrdersLosesOnlyItsBadOrder() {
        String good = "{\"currency\":\"btc_usdt\",\"id\":\"1\",\"price\":60000,\"status\":3,\"total_amount\":0.01,"
                      + "\"trade_amount\":0,\"trade_money\":0,\"trade_date\":" + System.currentTimeMillis()
                      + ",\"type\":1}";
        String body = "[" + good + "," + good.replace("\"id\":\"1\"", "\"id\":\"2\"").replace("\"status\":3",
                "\"status\":7") + "," + good.replace("\"id\":\"1\"", "\"id\":\"3\"").replace("\"trade_amount\":0",
                "\"trade_amount\":0.02") + "," + good.replace("\"id\":\"1\"", "\"id\":\"4;DROP\"") + "]";
        Records<?> orders = json.orders("getOrders", body.getBytes(StandardCharsets.UTF_8), true);
        assertThat(orders).hasSize(1);
        assertThat(orders.refused()).isEqualTo(3);
        assertThat(told).hasSize(3);
    }
}
