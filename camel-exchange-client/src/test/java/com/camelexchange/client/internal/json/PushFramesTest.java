package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Trade;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pushed frames read into the model as the REST replies are, in one pass: units, orders and bounds. */
class PushFramesTest {
    private final PushFrames frames = new PushFrames(new ExchangeJson());

    private PushFrame json(String text) {
        return frames.read(text);
    }

    @Test
    void theShortBookIsReadBestFirstAndCutToSize() {
        Depth book = frames.quickDepth("btc_usdt", json("""
                {"lastTime":1624524640066,"dataType":"quickDepth","channel":"btcusdt_quick_depth",
                 "listDown":[[33166.87,0.2331],[33160.1,1],[33150,2]],"listUp":[[33186.88,0.15],[33190,1],[33200,3]]}
                """), 2);
        assertThat(book.bids()).extracting(l -> l.price().toPlainString()).containsExactly("33166.87", "33160.1");
        assertThat(book.asks()).extracting(l -> l.price().toPlainString()).containsExactly("33186.88", "33190");
        assertThat(book.timestamp()).isEqualTo(Instant.ofEpochMilli(1624524640066L));
    }

    @Test
    void anAccountOrderPushIsReadByTheRestRecordsReaderAndABadRecordLosesThatPushAlone() {
        String record = "{\"currency\":\"btc_usdt\",\"id\":\"202411220000000123\",\"price\":65000,"
                        + "\"status\":3,\"total_amount\":0.3,\"trade_amount\":%s,\"trade_money\":0,"
                        + "\"trade_date\":1700000000000,\"type\":0}";
        PushFrame good = json("{\"channel\":\"push_user_incr_record\",\"dataType\":\"userIncrRecord\","
                              + "\"market\":\"btcusdt\",\"seq\":7,\"record\":" + record.formatted("0") + "}");
        assertThat(good.market()).isEqualTo("btcusdt");
        PushFrames.AccountOrder order = frames.accountOrder(good, true);
        assertThat(order.seq()).isEqualTo(7);
        assertThat(order.order().id()).as("its digits kept as text").isEqualTo("202411220000000123");
        assertThat(order.order().totalAmount()).isEqualByComparingTo("0.3");

        PushFrame answer = json("{\"success\":true,\"code\":1000,\"channel\":\"push_user_incr_record\","
                                + "\"message\":\"Subscribed\",\"no\":\"orders-1\",\"market\":\"btcusdt\"}");
        assertThat(frames.accountOrder(answer, true)).as("the answer to the subscription carries none").isNull();

        PushFrame bad = json("{\"channel\":\"push_user_incr_record\",\"market\":\"btcusdt\",\"seq\":8,"
                             + "\"record\":" + record.formatted("0.5") + "}");
        assertThat(bad.readable()).isFalse();
        assertThat(bad.channel()).as("still named, so its subscribers catch up").isEqualTo("push_user_incr_record");
        assertThatThrownBy(() -> frames.accountOrder(bad, true)).isInstanceOf(ExchangeReplyFormatException.class)
                .hasMessageContaining("trade_amount");

        PushFrame unnumbered = json("{\"channel\":\"push_user_incr_record\",\"market\":\"btcusdt\","
                                    + "\"record\":" + record.formatted("0") + "}");
        assertThatThrownBy(() -> frames.accountOrder(unnumbered, true))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("seq");
    }

    @Test
    void aCrossedBookIsNotAWholeSnapshot() {
        assertThatThrownBy(() -> frames.depth("btc_usdt", json("""
                {"asks":[[101,1],[100,1]],"bids":[[100.5,1]],"dataType":"depth","channel":"btcusdt_depth",
                 "timestamp":1653997711}
                """), 50)).isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("crossed");
    }

    @Test
    void pushedTradesKeepTheirSecondsAndComeInTidOrder() {
        List<Trade> trades = frames.trades("btc_usdt", json("""
                {"data":[{"date":1653774785,"amount":"0.5","price":"29030","trade_type":"bid","type":"buy","tid":124},
                         {"date":1653774784,"amount":"0.0380","price":"29029.5","trade_type":"ask","type":"sell","tid":123}],
                 "dataType":"trades","channel":"btcusdt_trades"}
                """));
        assertThat(trades).extracting(Trade::tid).containsExactly(123L, 124L);
        assertThat(trades.get(0).date()).isEqualTo(Instant.ofEpochSecond(1653774784L));
    }

    @Test
    void aFrameSaysItsChannelOrItsError() {
        assertThat(json("{\"channel\":\"pong\"}").isPong()).isTrue();
        PushFrame error = json(
                "{\"no\":\"0\",\"code\":1007,\"success\":false,\"channel\":\"x_ticker\",\"message\":\"Channel is empty\"}");
        assertThat(error.isError()).isTrue();
        assertThat(error.errorCode()).isEqualTo(1007);
        PushFrame garbled = json("{\"dataType\":\"trades\",\"data\":[{");
        assertThat(garbled.readable()).isFalse();
        assertThat(garbled.channel()).as("too broken to name its channel").isNull();
        assertThat(garbled.failure()).hasMessageContaining("not JSON").hasMessageNotContaining("Source");
    }

    @Test
    void aPayloadThatCannotBeReadKeepsItsChannelAndFailsWhoeverAsksForIt() {
        PushFrame absurd = json("""
                {"data":[{"date":1653774785,"amount":"0.5","price":"29030","type":"buy","tid":99999999999999999999999}],
                 "dataType":"trades","channel":"btcusdt_trades"}
                """);
        assertThat(absurd.readable()).as("one trade out of bounds loses that trade, not the frame").isTrue();
        assertThat(absurd.channel()).isEqualTo("btcusdt_trades");
        List<Trade> none = frames.trades("btc_usdt", absurd);
        assertThat(none).isEmpty();
        assertThat(((Records<Trade>) none).refusals()).singleElement().asString().contains("tid");
        PushFrame cut = json("{\"data\":[{\"tid\":1}, {\"channel\":\"btcusdt_trades\"}");
        assertThat(cut.readable()).as("cut JSON").isFalse();
        assertThatThrownBy(() -> frames.ticker("btc_usdt", json("{\"channel\":\"btcusdt_ticker\"}")))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("missing field 'ticker'");
    }

    @Test
    void aKeyRepeatedInThePayloadRefusesThePushNotItsChannelButARepeatedChannelDoes() {
        PushFrame repeated = json("""
                {"date":"1653774785000","ticker":{"high":"2","high":"1e999","low":"1","buy":"1","sell":"1","last":"1",
                 "vol":"1"},"channel":"btcusdt_ticker","date":"1653774785000"}
                """);
        assertThat(repeated.readable()).isFalse();
        assertThat(repeated.failure()).hasMessageContaining("duplicate key 'high'");
        assertThat(repeated.channel()).as("the channel said once").isEqualTo("btcusdt_ticker");
        PushFrame twoChannels = json("""
                {"ticker":{"high":"1"},"channel":"btcusdt_ticker","channel":"ethusdt_ticker"}
                """);
        assertThat(twoChannels.readable()).isFalse();
        assertThat(twoChannels.channel()).as("a channel said twice names none").isNull();
    }

    @Test
    void everyFrameReadOnOneThreadIsCheckedForRepeatedKeysOnItsOwn() {
        StringBuilder many = new StringBuilder("{\"ticker\":{");
        for (int i = 0; i < 20; i++) {
            many.append("\"k").append(i).append("\":\"1\",");
        }
        many.append("\"high\":\"1\",\"low\":\"1\",\"buy\":\"1\",\"sell\":\"1\",\"last\":\"1\",\"vol\":\"1\"},");
        String whole = many + "\"channel\":\"btcusdt_ticker\",\"date\":\"1653774785000\"}";
        String repeated = many + "\"channel\":\"btcusdt_ticker\",\"date\":\"1653774785000\",\"k3\":\"2\"}";
        String nested = "{\"channel\":\"btcusdt_ticker\",\"a\":" + "[{\"b\":".repeat(12) + "1" + "}]".repeat(12)
                        + ",\"ticker\":{\"high\":\"1\",\"high\":\"2\"}}";
        for (int round = 0; round < 3; round++) {
            assertThat(json(whole).readable()).as("round %d: keys of the frame before are not this one's", round).isTrue();
            assertThat(json(repeated).readable()).as("round %d: a key of the outer object said twice", round).isTrue();
            assertThat(json(nested).failure()).as("round %d: deeper than the kept arrays reach", round)
                    .hasMessageContaining("duplicate key 'high'");
            assertThat(json(whole).readable()).isTrue();
        }
    }

    @Test
    void theKindOfAChannelIsNamedByAWholePartOfItsName() {
        assertThat(PushFrames.kind("btcusdt_quick_depth")).isEqualTo("quick_depth");
        assertThat(PushFrames.kind("btcusdt_depth")).isEqualTo("depth");
        assertThat(PushFrames.kind("btcusdt_kline_1min")).isEqualTo("kline");
        assertThat(PushFrames.kind("btcusdt_trades")).isEqualTo("trades");
        assertThat(PushFrames.kind("btcusdt_ticker")).isEqualTo("ticker");
        assertThat(PushFrames.kind("tradesusdt_x")).isEqualTo("unknown");
        assertThat(PushFrames.kind("btcusdt_tradesx")).isEqualTo("unknown");
        assertThat(PushFrames.kind("ticker")).isEqualTo("unknown");
        assertThat(PushFrames.kind(null)).isEqualTo("unknown");
    }

    @Test
    void aFrameIsReadInOnePassFromItsCharactersInPlace() {
        char[] text = ("xx{\"data\":[{\"date\":1653774785,\"amount\":\"0.5\",\"price\":\"29030\",\"tid\":7}],"
                       + "\"channel\":\"btcusdt_trades\"}yy").toCharArray();
        long before = frames.passes();
        PushFrame frame = frames.read(text, 2, text.length - 4);
        assertThat(frames.trades("btc_usdt", frame)).extracting(Trade::tid).containsExactly(7L);
        assertThat(frames.trades("btc_usdt", frame)).as("each subscriber takes the payload: no second pass")
                .hasSize(1);
        assertThat(frames.passes() - before).isEqualTo(1);
    }

    @Test
    void aPushedTradeOrCandleNestedAnyDepthLosesItselfAloneNotItsFrame() {
        String deep = "[".repeat(3_000) + "1" + "]".repeat(3_000);
        PushFrame trades = json("{\"data\":[{\"date\":1653774785,\"amount\":\"0.5\",\"price\":\"29030\",\"tid\":7},"
                + "{\"date\":1653774785,\"amount\":\"0.5\",\"price\":" + deep + ",\"tid\":8},"
                + "{\"date\":1653774786,\"amount\":\"0.5\",\"price\":\"29031\",\"tid\":9}],"
                + "\"dataType\":\"trades\",\"channel\":\"btcusdt_trades\"}");
        assertThat(trades.readable()).isTrue();
        assertThat(frames.trades("btc_usdt", trades)).extracting(Trade::tid).containsExactly(7L, 9L);

        PushFrame candles = json("{\"datas\":{\"data\":[[1653774780000,1,2,0.5,1.5,10]," + deep
                + ",[1653774840000,1.5,2,1,1.2,3]]},\"channel\":\"btcusdt_kline_1min\"}");
        assertThat(frames.candles(candles)).hasSize(2);
    }

    @Test
    void aPayloadNestedPastTheBoundOutsideItsRecordsRefusesItsFrameButNotItsChannel() {
        String deep = "[".repeat(3_000) + "1" + "]".repeat(3_000);
        PushFrame frame = json("{\"data\":[],\"x\":" + deep + ",\"channel\":\"btcusdt_trades\"}");
        assertThat(frame.readable()).isFalse();
        assertThat(frame.failure()).hasMessageContaining("nested deeper than 200 levels");
        assertThat(frame.channel()).as("named from the frame's structure alone").isEqualTo("btcusdt_trades");

        PushFrame ticker = json("{\"ticker\":{\"high\":" + deep + ",\"low\":\"1\"},\"channel\":\"btcusdt_ticker\","
                + "\"date\":\"1653781987181\"}");
        assertThat(ticker.readable()).isFalse();
        assertThat(ticker.channel()).isEqualTo("btcusdt_ticker");
    }
}
