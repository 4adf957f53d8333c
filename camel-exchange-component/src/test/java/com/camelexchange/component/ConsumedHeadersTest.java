package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every message a polling consumer emits says what it is in its headers, so a flow can route, key or name a file by
 * them without reading the body: the operation always, and the market or coin, ids, event type and time where the
 * data has them; the time also as epoch milliseconds, which the simple language can format.
 */
class ConsumedHeadersTest {
    private static final String MARKET = "btc_usdt";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

    private final Map<String, List<Message>> received = new ConcurrentHashMap<>();
    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(3).activity(false).limits(SimulatorLimits.none())
                .key("alice", "alice-secret").build().start();
        simulator.exchange().place(simulator.exchange().key("alice").user(),
                OrderCommand.limit(MARKET, Side.BUY, new BigDecimal("50000"), new BigDecimal("0.01")));
        long since = simulator.tape(MARKET).get(simulator.tape(MARKET).size() - 3).tid();
        long hourAgo = Instant.now().minus(Duration.ofHours(1)).toEpochMilli();

        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                route("markets", "exchange:markets?");
                route("allTicker", "exchange:allTicker?");
                route("allTickerMap", "exchange:allTicker?splitResult=false&");
                route("ticker", "exchange:ticker?market=" + MARKET + "&");
                route("depth", "exchange:depth?market=" + MARKET + "&");
                route("trades", "exchange:trades?market=" + MARKET + "&since=" + since + "&");
                route("kline", "exchange:kline?market=" + MARKET + "&type=15min&since=" + hourAgo + "&");
                route("orders", "exchange:orders?market=" + MARKET + "&");
                route("withdrawals", "exchange:withdrawals?coin=btc&");
            }

            private void route(String id, String uri) {
                from(uri + "delay=3600000&initialDelay=0").routeId(id)
                        .choice().when(header(ExchangeConstants.TIMESTAMP_MILLIS).isNotNull())
                            .setHeader("day", simple("${date-with-timezone:header.CamelExchangeTimestampMillis:UTC:yyyyMMdd}"))
                        .end()
                        .process(e -> received.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(e.getMessage()));
            }
        });
        context.start();
        Await.until(20, "a message from every route", () -> received.size() == 9);
    }

    @AfterEach
    void stop() {
        context.stop();
        simulator.stop();
    }

    private Map<String, Object> headersOf(String route) {
        return received.get(route).get(0).getHeaders();
    }

    @Test
    void everyMessageNamesItsOperation() {
        received.forEach((route, messages) -> assertThat(messages).allSatisfy(m -> assertThat(
                m.getHeader(ExchangeConstants.OPERATION)).as(route).isEqualTo(route.equals("allTickerMap")
                ? "allTicker" : route)));
    }

    @Test
    void timesComeAsAnInstantAndAsMillisThatSimpleFormats() {
        received.forEach((route, messages) -> {
            for (Message message : messages) {
                Instant at = message.getHeader(ExchangeConstants.TIMESTAMP, Instant.class);
                if (route.equals("markets")) {
                    assertThat(at).as("the market list carries no time").isNull();
                    continue;
                }
                assertThat(at).as(route).isNotNull();
                assertThat(message.getHeader(ExchangeConstants.TIMESTAMP_MILLIS)).as(route).isEqualTo(at.toEpochMilli());
                assertThat(message.getHeader("day")).as(route).isEqualTo(DAY.format(at));
            }
        });
    }

    @Test
    void eachKindCarriesWhatItIsAbout() {
        assertThat(headersOf("allTicker")).containsKey(ExchangeConstants.MARKET);
        assertThat(headersOf("ticker")).containsEntry(ExchangeConstants.MARKET, MARKET);
        assertThat(headersOf("depth")).containsEntry(ExchangeConstants.MARKET, MARKET);
        assertThat(headersOf("trades")).containsEntry(ExchangeConstants.MARKET, MARKET)
                .containsKey(ExchangeConstants.TRADE_ID);
        assertThat(headersOf("kline")).containsEntry(ExchangeConstants.MARKET, MARKET)
                .containsEntry(ExchangeConstants.KLINE_TYPE, "15min").containsKey(ExchangeConstants.KLINE_SYMBOL);
        assertThat(headersOf("orders")).containsEntry(ExchangeConstants.MARKET, MARKET)
                .containsEntry(ExchangeConstants.ORDER_EVENT, "NEW").containsKey(ExchangeConstants.ORDER_ID);
        assertThat(headersOf("withdrawals")).containsEntry(ExchangeConstants.COIN, "btc")
                .containsEntry(ExchangeConstants.WITHDRAWAL_EVENT, "NEW")
                .containsKey(ExchangeConstants.WITHDRAWAL_ID);
    }
}
