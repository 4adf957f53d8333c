package com.camelexchange.component;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.component.consumer.HealthReporting;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The {@code exchange} dev console, found by Camel's resolver, after some traffic. */
class DevConsoleTest extends TradingTestSupport {
    private static final String ACCESS_KEY = "console-access-key";
    private static final String SECRET_KEY = "console-secret-key";

    private final MemoryStateRepository positions = new MemoryStateRepository();

    @Override
    protected void beforeStart(DefaultCamelContext ctx) {
        ctx.getRegistry().bind("positions", positions);
    }

    private void addTrades(int count) {
        long at = System.currentTimeMillis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade("btc_usdt", at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    @Test
    void showsBudgetsMarketListsPositionsAndStreamsButNoKey() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        addTrades(1);
        long start = simulator.exchange().lastTrade("btc_usdt").tid();
        addTrades(5);
        long last = simulator.exchange().lastTrade("btc_usdt").tid();
        startContext(ApiVariant.A, ACCESS_KEY, SECRET_KEY, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&delay=20&stateRepository=#positions&since=" + start)
                        .routeId("trades").to("mock:trades");
                from("exchange:ticker?market=btc_usdt&streaming=true").routeId("stream").to("mock:ticks");
            }
        });
        MarketDataConsumerTest.awaitUntil(() -> Long.toString(last).equals(positions.getState("trades:btc_usdt")));
        MarketDataConsumerTest.awaitUntil(() -> simulator.streamSubscriptions("btcusdt_ticker") == 1);
        MarketDataConsumerTest.awaitUntil(() -> ((HealthReporting) context.getRoute("stream").getConsumer())
                .healthReport().state() == ConsumerHealth.State.UP);
        call("exchange:ticker?market=btc_usdt", null, Ticker.class);
        call("exchange:getAccountInfo", null, AccountInfo.class);

        DevConsole console = PluginHelper.getDevConsoleResolver(context).resolveDevConsole("exchange");
        assertThat(console).isInstanceOf(ExchangeDevConsole.class);
        assertThat(console.getId()).isEqualTo("exchange");
        assertThat(console.getGroup()).isEqualTo("camel");

        String text = (String) console.call(DevConsole.MediaType.TEXT);
        assertThat(text).contains("Component exchange (metrics: off)")
                .contains("kline (kline): 0 of 1 per 1s in use")
                // The trades consumer polls on: its request may hold a permit right now.
                .containsPattern("market-data \\(market data\\): [01] of 10 per 1s in use")
                .contains("A/ip (trade API per IP): 0 of 10000 per 1m in use")
                .containsPattern("A/key/[0-9a-f]{16} \\(trade API per key\\): 0 of 60 per 1s in use")
                .containsPattern(simulator.baseUrl() + ": 6 markets, fetched \\S+ ago \\(kept 30m\\)")
                .contains("route trades: trades btc_usdt, polling, key trades:btc_usdt in the state repository,"
                          + " position " + last + " (Started), health UP")
                .contains("route stream: ticker btc_usdt, streaming (Started), health UP")
                .contains(simulator.websocketUrl() + ": connected, 0 reconnect(s), 0 unreadable frame(s)")
                .containsPattern("btcusdt_ticker: subscribed, last frame \\S+, silent \\S+ \\(allowed 10s\\), 0 unreadable,"
                                 + " 0 silence\\(s\\), 0 resubscribe\\(s\\)");

        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) console.call(DevConsole.MediaType.JSON);
        JsonObject component = (JsonObject) ((List<?>) json.get("components")).get(0);
        assertThat(component.getString("name")).isEqualTo("exchange");
        assertThat(component.getCollection("rateBudgets").stream().map(b -> ((JsonObject) b).getString("id")))
                .contains("kline", "market-data", "A/ip").anyMatch(id -> id.matches("A/key/[0-9a-f]{16}"));
        JsonObject marketList = (JsonObject) component.getCollection("marketLists").iterator().next();
        assertThat(marketList.getInteger("markets")).isEqualTo(6);
        assertThat(marketList.getLong("ageMillis")).isNotNegative();
        JsonObject trades = component.getCollection("consumers").stream().map(JsonObject.class::cast)
                .filter(c -> "trades".equals(c.getString("routeId"))).findFirst().orElseThrow();
        assertThat(trades.getString("stateKey")).isEqualTo("trades:btc_usdt");
        assertThat(trades.getString("position")).isEqualTo(Long.toString(last));
        assertThat(trades.getBoolean("stateRepository")).isTrue();
        assertThat(trades.getString("health")).isEqualTo("UP");
        JsonObject health = (JsonObject) trades.get("healthDetails");
        assertThat(health.getString("mode")).isEqualTo("polling");
        assertThat(health.getInteger("failuresInARow")).isZero();
        assertThat(health.getLong("position")).isEqualTo(last);
        assertThat(health.getInteger("lag")).isZero();
        JsonObject streamed = component.getCollection("consumers").stream().map(JsonObject.class::cast)
                .filter(c -> "stream".equals(c.getString("routeId"))).findFirst().orElseThrow();
        assertThat(((JsonObject) streamed.get("healthDetails")).getBoolean("subscribed")).isTrue();
        JsonObject stream = (JsonObject) component.getCollection("streams").iterator().next();
        assertThat(stream.getBoolean("connected")).isTrue();
        assertThat(stream.getLong("reconnects")).isZero();
        List<Object> channels = List.copyOf(stream.getCollection("channels"));
        assertThat(channels).containsExactly("btcusdt_ticker");
        JsonObject ticker = (JsonObject) stream.getCollection("channelStatus").iterator().next();
        assertThat(ticker.getString("channel")).isEqualTo("btcusdt_ticker");
        assertThat(ticker.getBoolean("subscribed")).isTrue();
        assertThat(ticker.getString("lastFrameAt")).isNotNull();
        assertThat(ticker.getBoolean("silent")).isFalse();
        assertThat(ticker.getLong("undecodable")).isZero();
        assertThat(trades.getLong("refusedTradeIds")).isZero();

        String all = text + Jsoner.serialize(json);
        assertThat(all).doesNotContain(ACCESS_KEY).doesNotContain(SECRET_KEY);
    }
}
