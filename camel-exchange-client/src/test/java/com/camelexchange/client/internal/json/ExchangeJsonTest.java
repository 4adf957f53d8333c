package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Reply shapes of the real service, including the ones the simulator does not happen to send. */
class ExchangeJsonTest {
    private final ExchangeJson json = new ExchangeJson();

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void numbersArriveAsStringsOrNumbersAndStayExact() {
        Ticker t = json.ticker("btc_usdt", bytes("""
                {"ticker":{"high":"29999.99","low":29000.1,"buy":"29500.00","sell":"29500.01","last":"29500.00",
                 "vol":"1234.56789"},"date":"1653781987181"}"""));
        assertThat(t.high()).isEqualByComparingTo("29999.99");
        assertThat(t.low().toPlainString()).isEqualTo("29000.1");
        assertThat(t.buy().toPlainString()).as("scale kept").isEqualTo("29500.00");
        assertThat(t.volume().toPlainString()).isEqualTo("1234.56789");
        assertThat(t.date()).isEqualTo(Instant.ofEpochMilli(1653781987181L));
    }

    @Test
    void depthTimestampIsSecondsAndBothSidesComeOutBestFirst() {
        Depth d = json.depth("btc_usdt", bytes("""
                {"asks":[[29030.50,0.3],[29020,0.2],[29010,0.1]],"bids":[[29000,1],[28990,"2.5"]],"timestamp":1653997711}"""));
        assertThat(d.asks()).extracting(l -> l.price().toPlainString()).containsExactly("29010", "29020", "29030.50");
        assertThat(d.bids()).extracting(l -> l.price().toPlainString()).containsExactly("29000", "28990");
        assertThat(d.timestamp()).isEqualTo(Instant.ofEpochSecond(1653997711L));
    }

    @Test
    void tradesDateIsSecondsAndVariantBOmitsTheSide() {
        List<Trade> trades = json.trades("btc_usdt", bytes("""
                [{"date":1653774785,"amount":"0.0380","price":"29029.5","tid":124},
                 {"date":1653774784,"amount":0.5,"price":29029,"trade_type":"ask","type":"sell","tid":123}]"""));
        assertThat(trades).extracting(Trade::tid).containsExactly(123L, 124L);
        assertThat(trades.get(0).date()).isEqualTo(Instant.ofEpochSecond(1653774784L));
        assertThat(trades.get(0).takerSide()).isEqualTo(TradeSide.SELL);
        assertThat(trades.get(1).takerSide()).isNull();
        assertThat(trades.get(1).amount().toPlainString()).isEqualTo("0.0380");
    }

    @Test
    void allTickerKeysAreMappedBackToMarketNames() {
        Map<String, Ticker> all = json.allTicker(bytes("""
                {"btcusdt":{"high":"1","low":"1","buy":"1","sell":"1","last":"1","vol":"1"},
                 "newcoinusdt":{"high":"2","low":"2","buy":"2","sell":"2","last":"2","vol":"2"}}"""),
                Map.of("btcusdt", "btc_usdt"));
        assertThat(all).containsOnlyKeys("btc_usdt", "newcoinusdt");
        assertThat(all.get("btc_usdt").market()).isEqualTo("btc_usdt");
        assertThat(all.get("btc_usdt").date()).isNull();
    }

    @Test
    void klineCandlesAreMillisecondsOldestFirst() {
        Kline k = json.kline("btc_usdt", KlineType.MIN_1, bytes("""
                {"data":[[1472107560000,3843.56,3845,3840,3841,1.5],[1472107500000,3840.46,3843.56,3840.46,3842.26,2.26]],
                 "moneyType":"usdt","symbol":"btc"}"""));
        assertThat(k.candles().get(0).openTime()).isEqualTo(Instant.ofEpochMilli(1472107500000L));
        assertThat(k.candles().get(0).close()).isEqualByComparingTo("3842.26");
        assertThat(k.symbol()).isEqualTo("btc");
    }

    @Test
    void ordersReadTheirStatusInTheVariantsMeaning() {
        byte[] record = bytes("""
                {"currency":"btc_usdt","id":"202202224851151555","price":60000,"status":2,"total_amount":0.01,
                 "trade_amount":0.004,"trade_money":240,"trade_date":1653774784123,"type":1}""");
        Order a = json.order("getOrder", record, true);
        assertThat(a.status()).as("variant A: 2 with a part traded is a cancel").isEqualTo(OrderStatus.CANCELLED);
        assertThat(a.tradeDate()).isEqualTo(Instant.ofEpochMilli(1653774784123L));
        assertThat(a.tradePrice()).isNull();
        assertThat(json.order("getOrder", record, false).status()).isEqualTo(OrderStatus.FILLED);
    }

    @Test
    void errorRepliesBecomeTypedExceptionsWhetherTheCodeIsTextOrNumber() {
        assertThatThrownBy(() -> json.trades("btc_usdt", bytes("{\"code\":\"3005\",\"message\":\"Invalid Arguments\"}")))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
                    assertThat(e.code()).isEqualTo(3005);
                    assertThat(e.category()).isEqualTo(ErrorCategory.BAD_REQUEST);
                    assertThat(e.exchangeMessage()).isEqualTo("Invalid Arguments");
                });
        assertThatThrownBy(() -> json.orders("getUnfinishedOrdersIgnoreTradeType", bytes("{\"code\":3001,\"message\":\"无\"}"), true))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                        e -> assertThat(e.category()).isEqualTo(ErrorCategory.ORDER_NOT_FOUND));
        assertThat(json.placed(bytes("{\"code\":\"1000\",\"message\":\"操作成功\",\"id\":\"1\"}"))).isEqualTo("1");
        assertThatThrownBy(() -> json.address("getUserAddress", "btc",
                bytes("{\"code\":1000,\"message\":{\"des\":\"no address yet\",\"isSuc\":false,\"datas\":{}}}")))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                        e -> assertThat(e.exchangeMessage()).isEqualTo("no address yet"));
    }

    @Test
    void htmlCutJsonAndMissingFieldsAreReplyFormatErrors() {
        assertThatThrownBy(() -> json.ticker("btc_usdt", bytes("<!DOCTYPE html><html><body>Maintenance</body></html>")))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("not JSON")
                .hasMessageContaining("Maintenance");
        assertThatThrownBy(() -> json.ticker("btc_usdt", bytes("{\"ticker\":{\"high\":\"1\"")))
                .isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> json.ticker("btc_usdt", bytes("{\"ticker\":{\"high\":\"abc\"},\"date\":\"1\"}")))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("ticker.high");
        assertThatThrownBy(() -> json.ticker("btc_usdt", bytes("{\"ticker\":{\"high\":\"1\",\"low\":\"1\"},\"date\":\"1\"}")))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("missing field 'buy'");
        assertThat(Records.refused(json.trades("btc_usdt",
                bytes("[{\"date\":1653774785,\"amount\":1,\"price\":1,\"tid\":1.5}]"))))
                .as("a fraction is not an id: its record is refused").isEqualTo(1);
        assertThatThrownBy(() -> json.ticker("btc_usdt", new byte[0]))
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("empty reply");
    }

    @Test
    void numbersWithAbsurdScaleOrPrecisionAreRefusedWithoutBeingFormatted() {
        for (String number : List.of("1E-999999999", "1E+999999999", "\"1E-99999999\"", "1" + "0".repeat(80))) {
            assertThatThrownBy(() -> json.depth("btc_usdt",
                    bytes("{\"asks\":[[" + number + ",1]],\"bids\":[],\"timestamp\":1}")))
                    .isInstanceOfSatisfying(ExchangeReplyFormatException.class,
                            e -> assertThat(e.getMessage().length()).isLessThan(400));
        }
    }

    @Test
    void aLongValueInAReplyIsNotRepeatedInFull() {
        String huge = "x".repeat(100_000);
        assertThatThrownBy(() -> json.ticker("btc_usdt", bytes("{\"ticker\":{\"high\":\"" + huge + "\"},\"date\":\"1\"}")))
                .isInstanceOfSatisfying(ExchangeReplyFormatException.class,
                        e -> assertThat(e.getMessage().length()).isLessThan(600));
        assertThatThrownBy(() -> json.trades("btc_usdt", bytes("{\"code\":3005,\"message\":\"" + huge + "\"}")))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                        e -> assertThat(e.getMessage().length()).isLessThan(400));
    }

    @Test
    void tradeParamsAreWrittenAsJsonWithPlainNumbers() {
        assertThat(json.tradeParams(List.of(new PriceAmount(new BigDecimal("6E+4"), new BigDecimal("0.010")),
                new PriceAmount(new BigDecimal("59000.5"), new BigDecimal("2")))))
                .isEqualTo("[[60000,0.010],[59000.5,2]]");
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
