package com.camelexchange.component;

import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A producer's reply carries the headers a consumer gives the same data, set by the same code, so a flow routes,
 * keys or names a file by them whether it polled the data or asked for it: the operation always, the market the
 * call worked on, the time of a ticker or book also as epoch milliseconds (which the simple language can format),
 * a K-line reply's names, the number of the order a getOrder reply is.
 */
class ReplyHeadersTest {
    private static final String MARKET = "btc_usdt";
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(5).activity(false).limits(SimulatorLimits.none())
                .key("alice", "alice-secret").build().start();
        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // Each reply's time formatted by simple, as a file name would be, where it has one.
                from("direct:call").toD("exchange:${header.operation}?market=" + MARKET)
                        .choice().when(header(ExchangeConstants.TIMESTAMP_MILLIS).isNotNull())
                            .setHeader("day", simple("${date-with-timezone:header.CamelExchangeTimestampMillis:UTC:yyyyMMdd}"))
                        .end();
                from("direct:markets").to("exchange:markets");
                from("direct:allTicker").to("exchange:allTicker");
            }
        });
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        simulator.stop();
    }

    private Message call(String operation) {
        return call(operation, Map.of());
    }

    private Message call(String operation, Map<String, Object> headers) {
        Map<String, Object> all = new HashMap<>(headers);
        all.put("operation", operation);
        var reply = context.createProducerTemplate().request("direct:call", e -> e.getMessage().setHeaders(all));
        assertThat(reply.getException()).as(operation).isNull();
        return reply.getMessage();
    }

    @Test
    void aTickerAndABookCarryTheirMarketAndTimeInBothFormsAsConsumedOnes() {
        for (String operation : new String[] {"ticker", "depth"}) {
            Message reply = call(operation);
            assertThat(reply.getHeader(ExchangeConstants.OPERATION)).isEqualTo(operation);
            assertThat(reply.getHeader(ExchangeConstants.MARKET)).as(operation).isEqualTo(MARKET);
            Instant at = reply.getHeader(ExchangeConstants.TIMESTAMP, Instant.class);
            assertThat(at).as(operation).isNotNull();
            assertThat(reply.getHeader(ExchangeConstants.TIMESTAMP_MILLIS)).as(operation).isEqualTo(at.toEpochMilli());
            assertThat(reply.getHeader("day")).as(operation).isEqualTo(DAY.format(at));
        }
        Message ticker = call("ticker");
        assertThat(ticker.getHeader(ExchangeConstants.TIMESTAMP)).isEqualTo(ticker.getBody(Ticker.class).date());
    }

    @Test
    void listsCarryTheOperationAndMarketAndAKlineReplyItsNames() {
        Message trades = call("trades");
        assertThat(trades.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "trades")
                .containsEntry(ExchangeConstants.MARKET, MARKET)
                .doesNotContainKey(ExchangeConstants.TIMESTAMP).doesNotContainKey(ExchangeConstants.TRADE_ID);
        Message kline = call("kline", Map.of(ExchangeConstants.KLINE_TYPE, "15min"));
        assertThat(kline.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "kline")
                .containsEntry(ExchangeConstants.MARKET, MARKET).containsEntry(ExchangeConstants.KLINE_TYPE, "15min")
                .containsEntry(ExchangeConstants.KLINE_SYMBOL, "btc").containsKey(ExchangeConstants.KLINE_MONEY_TYPE);
    }

    @Test
    void theMarketListAndTheAllTickerMapNameTheirOperationAndTheMapItsTime() {
        var template = context.createProducerTemplate();
        Message markets = template.request("direct:markets", e -> { }).getMessage();
        assertThat(markets.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "markets")
                .doesNotContainKey(ExchangeConstants.MARKET).doesNotContainKey(ExchangeConstants.TIMESTAMP);
        Message all = template.request("direct:allTicker", e -> { }).getMessage();
        @SuppressWarnings("unchecked")
        Map<String, Ticker> tickers = all.getBody(Map.class);
        assertThat(all.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "allTicker")
                .containsEntry(ExchangeConstants.TIMESTAMP, tickers.values().iterator().next().date())
                .doesNotContainKey(ExchangeConstants.MARKET);
    }

    @Test
    void orderRepliesNameTheirOperationMarketAndOrder() {
        Message placed = call("order", Map.of(ExchangeConstants.PRICE, "30000", ExchangeConstants.AMOUNT, "0.01",
                ExchangeConstants.TRADE_TYPE, "buy"));
        String id = placed.getBody(PlacedOrder.class).id();
        assertThat(placed.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "order")
                .containsEntry(ExchangeConstants.ORDER_ID, id);

        // Asked for by its customer order id alone: the reply names the order by its number too.
        Message found = call("getOrder", Map.of(ExchangeConstants.CUSTOMER_ORDER_ID,
                placed.getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)));
        assertThat(found.getBody(Order.class).id()).isEqualTo(id);
        assertThat(found.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "getOrder")
                .containsEntry(ExchangeConstants.MARKET, MARKET).containsEntry(ExchangeConstants.ORDER_ID, id);

        Message cancelled = call("cancelOrder", Map.of(ExchangeConstants.CUSTOMER_ORDER_ID,
                placed.getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)));
        assertThat(cancelled.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "cancelOrder")
                .containsEntry(ExchangeConstants.MARKET, MARKET);

        Message open = call("getUnfinishedOrdersIgnoreTradeType");
        assertThat(open.getHeaders()).containsEntry(ExchangeConstants.OPERATION, "getUnfinishedOrdersIgnoreTradeType")
                .containsEntry(ExchangeConstants.MARKET, MARKET).doesNotContainKey(ExchangeConstants.ORDER_ID);
    }

    @Test
    void aReplysMarketNeverSendsAnOrderToAnotherMarketThanItsEndpointsOrBodys() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // The refusals are expected: the caller gets them, the log stays quiet.
                errorHandler(noErrorHandler());
                // A hedge: read one market, trade on another. The ticker's reply leaves CamelExchangeMarket=btc_usdt.
                from("direct:hedge").to("exchange:ticker?market=" + MARKET)
                        .setBody(constant("{\"side\": \"buy\", \"price\": \"3000\", \"amount\": \"0.1\"}"))
                        .to("exchange:order?market=eth_usdt");
                from("direct:hedgeByBody").to("exchange:ticker?market=" + MARKET)
                        .setBody(constant("{\"market\": \"eth_usdt\", \"side\": \"buy\", \"price\": \"3000\","
                                          + " \"amount\": \"0.1\"}"))
                        .to("exchange:order");
                from("direct:hedgeCleanly").to("exchange:ticker?market=" + MARKET)
                        .removeHeaders("CamelExchange*")
                        .setBody(constant("{\"side\": \"buy\", \"price\": \"3000\", \"amount\": \"0.1\"}"))
                        .to("exchange:order?market=eth_usdt");
            }
        });
        for (String route : new String[] {"direct:hedge", "direct:hedgeByBody"}) {
            var refused = context.createProducerTemplate().request(route, e -> { });
            assertThat(refused.getException()).as(route).isInstanceOf(
                    com.camelexchange.client.error.ExchangeValidationException.class)
                    .hasMessageContaining("header CamelExchangeMarket").hasMessageContaining("'btc_usdt' differs");
        }
        assertThat(simulator.requestCount("order")).as("nothing sent on a guess").isZero();

        var placed = context.createProducerTemplate().request("direct:hedgeCleanly", e -> { });
        assertThat(placed.getException()).isNull();
        Order order = context.createProducerTemplate().requestBodyAndHeader("exchange:getOrder?market=eth_usdt", null,
                ExchangeConstants.ORDER_ID, placed.getMessage().getBody(PlacedOrder.class).id(), Order.class);
        assertThat(order.currency()).isEqualTo("eth_usdt");
    }
}
