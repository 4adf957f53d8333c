package com.camelexchange.component.api;

import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.KlineType;
import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reply shapes of the real service, including the ones the simulator does not happen to send. */
class ReplyDecoderTest {
    private final ReplyDecoder decoder = new ReplyDecoder();

    @Test
    void numbersArriveAsStringsOrNumbersAndStayExact() {
        Ticker t = decoder.ticker("btc_usdt", """
                {"ticker":{"high":"29999.99","low":29000.1,"buy":"29500.00","sell":"29500.01","last":"29500.00",
                 "vol":"1234.56789"},"date":"1653781987181"}""");
        assertThat(t.high()).isEqualByComparingTo("29999.99");
        assertThat(t.low().toPlainString()).isEqualTo("29000.1");
        assertThat(t.volume().toPlainString()).isEqualTo("1234.56789");
        assertThat(t.date()).isEqualTo(Instant.ofEpochMilli(1653781987181L));
    }

    @Test
    void depthTimestampIsSecondsAndBothSidesComeOutBestFirst() {
        Depth d = decoder.depth("btc_usdt", """
                {"asks":[[29030.50,0.3],[29020,0.2],[29010,0.1]],"bids":[[29000,1],[28990,"2.5"]],"timestamp":1653997711}""");
        assertThat(d.asks()).extracting(l -> l.price().toPlainString()).containsExactly("29010", "29020", "29030.50");
        assertThat(d.bids()).extracting(l -> l.price().toPlainString()).containsExactly("29000", "28990");
        assertThat(d.timestamp()).isEqualTo(Instant.ofEpochSecond(1653997711L));
    }

    @Test
    void tradesDateIsSecondsAndVariantBOmitsTheSide() {
        List<Trade> trades = decoder.trades("btc_usdt", """
                [{"date":1653774785,"amount":"0.0380","price":"29029.5","tid":124},
                 {"date":1653774784,"amount":0.5,"price":29029,"trade_type":"ask","type":"sell","tid":123}]""");
        assertThat(trades).extracting(Trade::tid).containsExactly(123L, 124L);
        assertThat(trades.get(0).date()).isEqualTo(Instant.ofEpochSecond(1653774784L));
        assertThat(trades.get(0).takerSide()).isNotNull();
        assertThat(trades.get(1).takerSide()).isNull();
        assertThat(trades.get(1).amount().toPlainString()).isEqualTo("0.0380");
    }

    @Test
    void allTickerKeysAreMappedBackToMarketNames() {
        Map<String, Ticker> all = decoder.allTicker("""
                {"btcusdt":{"high":"1","low":"1","buy":"1","sell":"1","last":"1","vol":"1"},
                 "newcoinusdt":{"high":"2","low":"2","buy":"2","sell":"2","last":"2","vol":"2"}}""",
                Map.of("btcusdt", "btc_usdt"));
        assertThat(all).containsOnlyKeys("btc_usdt", "newcoinusdt");
        assertThat(all.get("btc_usdt").date()).isNull();
    }

    @Test
    void klineCandlesAreMillisecondsOldestFirst() {
        Kline k = decoder.kline("btc_usdt", KlineType.MIN_1, """
                {"data":[[1472107560000,3843.56,3845,3840,3841,1.5],[1472107500000,3840.46,3843.56,3840.46,3842.26,2.26]],
                 "moneyType":"usdt","symbol":"btc"}""");
        assertThat(k.candles().get(0).openTime()).isEqualTo(Instant.ofEpochMilli(1472107500000L));
        assertThat(k.candles().get(0).close()).isEqualByComparingTo("3842.26");
        assertThat(k.symbol()).isEqualTo("btc");
    }

    @Test
    void errorRepliesBecomeTypedExceptionsWhetherTheCodeIsTextOrNumber() {
        assertThatThrownBy(() -> decoder.trades("btc_usdt", "{\"code\":\"3005\",\"message\":\"Invalid Arguments\"}"))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
                    assertThat(e.code()).isEqualTo(3005);
                    assertThat(e.category()).isEqualTo(ErrorCategory.BAD_REQUEST);
                    assertThat(e.exchangeMessage()).isEqualTo("Invalid Arguments");
                });
        assertThatThrownBy(() -> decoder.parse("getUnfinishedOrdersIgnoreTradeType", "{\"code\":3001,\"message\":\"无\"}"))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                        e -> assertThat(e.category()).isEqualTo(ErrorCategory.ORDER_NOT_FOUND));
        assertThat(decoder.parse("order", "{\"code\":\"1000\",\"message\":\"操作成功\",\"id\":\"1\"}").get("id").asText())
                .isEqualTo("1");
    }

    @Test
    void htmlAndCutJsonAreReplyFormatErrors() {
        assertThatThrownBy(() -> decoder.ticker("btc_usdt", "<!DOCTYPE html><html><body>Maintenance</body></html>"))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("not JSON")
                .hasMessageContaining("Maintenance");
        assertThatThrownBy(() -> decoder.ticker("btc_usdt", "{\"ticker\":{\"high\":\"1\""))
                .isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> decoder.ticker("btc_usdt", "{\"ticker\":{\"high\":\"abc\"},\"date\":\"1\"}"))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("'high' is not a number");
    }

    @Test
    void everyPublishedCodeHasACategory() {
        assertThat(ErrorCategory.ofCode(1003)).isEqualTo(ErrorCategory.AUTHENTICATION);
        assertThat(ErrorCategory.ofCode(3007)).isEqualTo(ErrorCategory.AUTHENTICATION);
        assertThat(ErrorCategory.ofCode(1012)).isEqualTo(ErrorCategory.PERMISSION);
        assertThat(ErrorCategory.ofCode(2005)).isEqualTo(ErrorCategory.INSUFFICIENT_FUNDS);
        assertThat(ErrorCategory.ofCode(3012)).isEqualTo(ErrorCategory.INVALID_ORDER);
        assertThat(ErrorCategory.ofCode(4001)).isEqualTo(ErrorCategory.UNAVAILABLE);
        assertThat(ErrorCategory.ofCode(4002).retryable()).isTrue();
        assertThat(ErrorCategory.ofCode(9999)).isEqualTo(ErrorCategory.EXCHANGE_ERROR);
    }
}
