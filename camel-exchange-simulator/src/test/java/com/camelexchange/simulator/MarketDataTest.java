package com.camelexchange.simulator;

import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** Market data over HTTP, with the reply quirks of the real service. */
class MarketDataTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient maker;
    private ReferenceClient taker;

    @BeforeEach
    void book() {
        ExchangeSimulator sim = simulator.get();
        maker = ReferenceClient.forNewAccount(sim, "maker");
        taker = ReferenceClient.forNewAccount(sim, "taker");
        order(maker, "64990.00", "0.5", "1");
        order(maker, "64980", "0.25", "1");
        order(maker, "65010", "0.1", "0");
        order(maker, "65020", "0.2", "0");
        order(maker, "65030", "0.3", "0");
    }

    private static JsonNode order(ReferenceClient client, String price, String amount, String tradeType) {
        JsonNode reply = client.api("order", "currency", "btc_usdt", "price", price, "amount", amount,
                "tradeType", tradeType);
        assertThat(reply.get("code").asText()).as(reply.toString()).isEqualTo("1000");
        return reply;
    }

    @Test
    void marketsListEveryMarketWithScalesAndMinimums() {
        JsonNode markets = maker.data("markets");
        assertThat(markets.size()).isEqualTo(6);
        JsonNode btc = markets.get("btc_usdt");
        assertThat(btc.get("priceScale").asInt()).isEqualTo(2);
        assertThat(btc.get("amountScale").asInt()).isEqualTo(4);
        assertThat(btc.get("minAmount").isNumber()).isTrue();
        assertThat(btc.get("minAmount").decimalValue()).isEqualByComparingTo("0.0001");
        assertThat(btc.get("minSize").decimalValue()).isEqualByComparingTo("1");
    }

    @Test
    void depthListsAsksDescendingWithBestAskLastAndTimestampInSeconds() {
        JsonNode depth = maker.data("depth", "market", "btc_usdt", "size", "10");
        assertThat(prices(depth.get("asks"))).containsExactly("65030", "65020", "65010");
        assertThat(prices(depth.get("bids"))).containsExactly("64990", "64980");
        assertThat(depth.get("asks").get(0).get(1).decimalValue()).isEqualByComparingTo("0.3");
        assertThat(depth.get("asks").get(0).get(0).isNumber()).isTrue();
        assertThat(depth.get("timestamp").asLong()).isEqualTo(T0.getEpochSecond());

        JsonNode top = maker.data("depth", "market", "btc_usdt", "size", "1");
        assertThat(prices(top.get("asks"))).containsExactly("65010");
        assertThat(prices(top.get("bids"))).containsExactly("64990");
    }

    @Test
    void mergedDepthBucketsPricesAwayFromTheSpreadAndKeepsFiveLevels() {
        JsonNode merged = maker.data("depth", "market", "btc_usdt", "size", "50", "merge", "100");
        assertThat(prices(merged.get("asks"))).containsExactly("65100");
        assertThat(merged.get("asks").get(0).get(1).decimalValue()).isEqualByComparingTo("0.6");
        assertThat(prices(merged.get("bids"))).containsExactly("64900");
        assertThat(merged.get("bids").get(0).get(1).decimalValue()).isEqualByComparingTo("0.75");

        for (int i = 1; i <= 8; i++) {
            order(maker, Integer.toString(66000 + i * 100), "0.01", "0");
        }
        JsonNode five = maker.data("depth", "market", "btc_usdt", "merge", "1");
        assertThat(five.get("asks").size()).isEqualTo(5);
        assertThat(five.get("bids").size()).isEqualTo(2);
    }

    @Test
    void depthRefusesSizesOutsideOneToFifty() {
        assertThat(maker.data("depth", "market", "btc_usdt", "size", "51").get("code").asInt()).isEqualTo(3005);
        assertThat(maker.data("depth", "market", "btc_usdt", "size", "0").get("code").asInt()).isEqualTo(3005);
        assertThat(maker.data("depth", "market", "nope_usdt").get("code").asInt()).isEqualTo(3005);
    }

    @Test
    void aFillShowsInTradesTickerAndKlines() {
        clock.advance(java.time.Duration.ofSeconds(5));
        order(taker, "65020", "0.15", "1");

        JsonNode trades = maker.data("trades", "market", "btc_usdt");
        assertThat(trades.size()).isEqualTo(2);
        JsonNode first = trades.get(0);
        JsonNode second = trades.get(1);
        assertThat(first.get("price").decimalValue()).isEqualByComparingTo("65010");
        assertThat(first.get("amount").decimalValue()).isEqualByComparingTo("0.1");
        assertThat(second.get("price").decimalValue()).isEqualByComparingTo("65020");
        assertThat(second.get("amount").decimalValue()).isEqualByComparingTo("0.05");
        assertThat(second.get("tid").asLong()).isEqualTo(first.get("tid").asLong() + 1);
        assertThat(first.get("date").asLong()).isEqualTo(T0.getEpochSecond() + 5);
        assertThat(first.get("trade_type").asText()).isEqualTo("bid");
        assertThat(first.get("type").asText()).isEqualTo("buy");

        JsonNode ticker = maker.data("ticker", "market", "btc_usdt");
        assertThat(ticker.get("date").isTextual()).isTrue();
        assertThat(ticker.get("date").asText()).isEqualTo(Long.toString(T0.toEpochMilli() + 5000));
        JsonNode t = ticker.get("ticker");
        assertThat(t.get("last").asText()).isEqualTo("65020.00");
        assertThat(t.get("buy").asText()).isEqualTo("64990.00");
        assertThat(t.get("sell").asText()).isEqualTo("65020.00");
        assertThat(t.get("high").asText()).isEqualTo("65020.00");
        assertThat(t.get("low").asText()).isEqualTo("65010.00");
        assertThat(t.get("vol").asText()).isEqualTo("0.1500");

        JsonNode kline = maker.data("kline", "market", "btc_usdt", "type", "1min");
        assertThat(kline.get("symbol").asText()).isEqualTo("btc");
        assertThat(kline.get("moneyType").asText()).isEqualTo("usdt");
        JsonNode candle = kline.get("data").get(0);
        assertThat(candle.get(0).asLong()).isEqualTo(T0.toEpochMilli() / 60_000 * 60_000);
        assertThat(candle.get(1).decimalValue()).isEqualByComparingTo("65010");
        assertThat(candle.get(2).decimalValue()).isEqualByComparingTo("65020");
        assertThat(candle.get(3).decimalValue()).isEqualByComparingTo("65010");
        assertThat(candle.get(4).decimalValue()).isEqualByComparingTo("65020");
        assertThat(candle.get(5).decimalValue()).isEqualByComparingTo("0.15");
    }

    @Test
    void allTickerKeysMarketsWithoutTheUnderscore() {
        JsonNode all = maker.data("allTicker");
        List<String> keys = new ArrayList<>();
        all.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactlyInAnyOrder("btcusdt", "ethusdt", "ltcusdt", "xrpusdt", "ltcbtc", "ethbtc");
        assertThat(all.get("btcusdt").get("sell").asText()).isEqualTo("65010.00");
        assertThat(all.get("btcusdt").get("vol").isTextual()).isTrue();
    }

    @Test
    void tradesSinceReturnTheFiftyAfterTheGivenTid() {
        ExchangeSimulator sim = simulator.get();
        for (int i = 0; i < 120; i++) {
            sim.exchange().recordHistoricalTrade("eth_usdt", T0.toEpochMilli() + i, new BigDecimal("3200"),
                    new BigDecimal("0.01"), Side.SELL);
        }
        JsonNode latest = maker.data("trades", "market", "eth_usdt");
        assertThat(latest.size()).isEqualTo(50);
        long lastTid = latest.get(49).get("tid").asLong();
        long firstTid = lastTid - 119;

        JsonNode page = maker.data("trades", "market", "eth_usdt", "since", Long.toString(firstTid));
        assertThat(page.size()).isEqualTo(50);
        assertThat(page.get(0).get("tid").asLong()).isEqualTo(firstTid + 1);
        assertThat(page.get(49).get("tid").asLong()).isEqualTo(firstTid + 50);
        assertThat(maker.data("trades", "market", "eth_usdt", "since", Long.toString(lastTid)).size()).isZero();
        assertThat(maker.data("trades", "market", "eth_usdt", "since", Long.toString(lastTid - 3)).size())
                .isEqualTo(3);
    }

    @Test
    void klineAcceptsTheThirteenTypesAndRefusesOthers() {
        order(taker, "65010", "0.01", "1");
        for (String type : List.of("1min", "3min", "5min", "15min", "30min", "1hour", "2hour", "4hour", "6hour",
                "12hour", "1day", "3day", "1week")) {
            clock.advance(java.time.Duration.ofSeconds(1));
            JsonNode reply = maker.data("kline", "market", "btc_usdt", "type", type, "size", "5");
            assertThat(reply.get("data").size()).as(type).isEqualTo(1);
        }
        clock.advance(java.time.Duration.ofSeconds(1));
        assertThat(maker.data("kline", "market", "btc_usdt", "type", "2min").get("code").asInt()).isEqualTo(3005);
    }

    @Test
    void klineHonoursSinceAndSize() {
        ExchangeSimulator sim = simulator.get();
        long start = T0.toEpochMilli() / 60_000 * 60_000 - 30 * 60_000;
        for (int i = 0; i < 30; i++) {
            sim.exchange().recordHistoricalTrade("ltc_usdt", start + i * 60_000L, new BigDecimal(80 + i),
                    BigDecimal.ONE, Side.BUY);
        }
        JsonNode all = maker.data("kline", "market", "ltc_usdt", "type", "1min");
        assertThat(all.get("data").size()).isEqualTo(30);
        clock.advance(java.time.Duration.ofSeconds(1));
        JsonNode latest = maker.data("kline", "market", "ltc_usdt", "type", "1min", "size", "3");
        assertThat(latest.get("data").get(2).get(0).asLong()).isEqualTo(start + 29 * 60_000L);
        clock.advance(java.time.Duration.ofSeconds(1));
        JsonNode fewAfter = maker.data("kline", "market", "ltc_usdt", "type", "1min", "since",
                Long.toString(start + 27 * 60_000L), "size", "5");
        assertThat(openTimes(fewAfter)).containsExactly(start + 27 * 60_000L, start + 28 * 60_000L,
                start + 29 * 60_000L);
        assertThat(fewAfter.get("data").get(0).get(1).decimalValue()).isEqualByComparingTo("107");
    }

    @Test
    void klineSinceAnswersTheLatestCandlesWhenMoreThanSizeFollowIt() {
        ExchangeSimulator sim = simulator.get();
        long t1 = T0.toEpochMilli() / 60_000 * 60_000 - 10 * 60_000;
        for (int i = 0; i < 10; i++) {
            sim.exchange().recordHistoricalTrade("ltc_usdt", t1 + i * 60_000L, new BigDecimal(80 + i),
                    BigDecimal.ONE, Side.BUY);
        }
        JsonNode reply = maker.data("kline", "market", "ltc_usdt", "type", "1min", "since",
                Long.toString(t1 - 3_600_000L), "size", "3");
        assertThat(openTimes(reply)).containsExactly(t1 + 7 * 60_000L, t1 + 8 * 60_000L, t1 + 9 * 60_000L);
        assertThat(reply.get("data").get(2).get(4).decimalValue()).isEqualByComparingTo("89");
    }

    private static List<Long> openTimes(JsonNode kline) {
        List<Long> out = new ArrayList<>();
        kline.get("data").forEach(c -> out.add(c.get(0).asLong()));
        return out;
    }

    private static List<String> prices(JsonNode levels) {
        List<String> out = new ArrayList<>();
        levels.forEach(l -> out.add(l.get(0).decimalValue().stripTrailingZeros().toPlainString()));
        return out;
    }
}
