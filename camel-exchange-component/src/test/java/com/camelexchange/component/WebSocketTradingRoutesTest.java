package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Routes whose signed producers trade over the simulator's WebSocket ({@code tradeOver=WEBSOCKET}): each operation
 * gives the body and headers REST gives, as frames and no REST call of its method; what is refused is refused as over
 * REST and before anything is sent; the endpoints share one connection; a reply the exchange never sends leaves one
 * order under Camel's redelivery; metrics and health are REST's.
 */
class WebSocketTradingRoutesTest extends TradingTestSupport {
    private static final String MARKET = "btc_usdt";
    private static final String WS = "tradeOver=websocket";
    private static final OrderRequest BUY = OrderRequest.limit(MARKET, OrderSide.BUY, "60000", "0.01");

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Override
    protected void beforeStart(DefaultCamelContext ctx) {
        ctx.getRegistry().bind("meters", meters);
        ProducerHealthChecks.installOn(ctx);
    }

    private SimulatorAccount start(RouteBuilder routes) throws Exception {
        simulator = ExchangeSimulator.builder().variant(Variant.A).seed(42).quiet().limits(SimulatorLimits.none())
                .build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", routes);
        return alice;
    }

    /** Sends to {@code uri} over the WebSocket, asserting that its method went as one frame and as no REST call. */
    private Exchange overWebSocket(String uri, String method, Object body, Map<String, Object> headers) {
        long rest = simulator.requestCount(method);
        long frames = simulator.streamRequestCount(method.toLowerCase());
        Exchange reply = send(uri + (uri.contains("?") ? "&" : "?") + WS, body, headers);
        assertThat(reply.getException()).as(uri).isNull();
        assertThat(simulator.streamRequestCount(method.toLowerCase())).as(method + " as a frame").isEqualTo(frames + 1);
        assertThat(simulator.requestCount(method)).as(method + " not over REST").isEqualTo(rest);
        return reply;
    }

    private Exchange overRest(String uri, Object body, Map<String, Object> headers) {
        Exchange reply = send(uri, body, headers);
        assertThat(reply.getException()).as(uri).isNull();
        return reply;
    }

    private static Map<String, Object> headersBut(Exchange reply, String... left) {
        Map<String, Object> headers = new HashMap<>(reply.getMessage().getHeaders());
        for (String name : left) {
            headers.remove(name);
        }
        return headers;
    }

    @Test
    void everyOperationGivesRestsBodyAndHeadersOverFrames() throws Exception {
        SimulatorAccount alice = start(null);

        Exchange restOrder = overRest("exchange:order", BUY, Map.of());
        Exchange wsOrder = overWebSocket("exchange:order", "order", BUY, Map.of());
        PlacedOrder placed = wsOrder.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isFalse();
        assertThat(placed.customerOrderId()).as("the WebSocket's order carries none").isNull();
        assertThat(wsOrder.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)).isNull();
        assertThat(headersBut(wsOrder, ExchangeConstants.ORDER_ID).keySet())
                .isEqualTo(headersBut(restOrder, ExchangeConstants.ORDER_ID, ExchangeConstants.CUSTOMER_ORDER_ID)
                        .keySet());
        assertThat(wsOrder.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(false);
        assertThat(alice.orderCount(MARKET)).isEqualTo(2);

        Map<String, Object> byId = orderId(placed.id());
        Exchange wsGet = overWebSocket("exchange:getOrder?market=" + MARKET, "getOrder", null, byId);
        Exchange restGet = overRest("exchange:getOrder?market=" + MARKET, null, byId);
        assertThat(wsGet.getMessage().getBody()).isEqualTo(restGet.getMessage().getBody()).isNotNull();
        assertThat(wsGet.getMessage().getHeaders()).isEqualTo(restGet.getMessage().getHeaders());

        for (String listing : new String[] {"getOrders?tradeType=buy&", "getOrdersIgnoreTradeType?",
                                            "getUnfinishedOrdersIgnoreTradeType?"}) {
            String uri = "exchange:" + listing + "market=" + MARKET;
            String method = listing.substring(0, listing.indexOf('?'));
            Exchange ws = overWebSocket(uri, method, null, Map.of());
            Exchange rest = overRest(uri, null, Map.of());
            assertThat(ws.getMessage().getBody()).as(method).isEqualTo(rest.getMessage().getBody());
            assertThat((java.util.List<?>) ws.getMessage().getBody()).as(method).hasSize(2);
            assertThat(ws.getMessage().getHeaders()).as(method).isEqualTo(rest.getMessage().getHeaders());
        }

        Exchange wsCancel = overWebSocket("exchange:cancelOrder?market=" + MARKET, "cancelOrder", null, byId);
        Exchange restCancel = overRest("exchange:cancelOrder?market=" + MARKET, null,
                orderId(restOrder.getMessage().getHeader(ExchangeConstants.ORDER_ID)));
        // Either answers with the id of the order it cancelled.
        assertThat(wsCancel.getMessage().getBody()).isEqualTo(placed.id());
        assertThat(restCancel.getMessage().getBody()).isEqualTo(restOrder.getMessage().getHeader(ExchangeConstants.ORDER_ID));
        assertThat(headersBut(wsCancel, ExchangeConstants.ORDER_ID))
                .isEqualTo(headersBut(restCancel, ExchangeConstants.ORDER_ID));
        assertThat(alice.openOrderCount(MARKET)).isZero();

        assertThat(simulator.requestCount("order")).as("the REST order only").isEqualTo(1);
        assertThat(simulator.streamConnectionsOpened()).as("one session for every call").isEqualTo(1);
        // The same meters: each road's order counted under the same operation.
        Timer orders = meters.find("camel.exchange.calls").tag("operation", "order").tag("outcome", "success")
                .timer();
        assertThat(orders.count()).isEqualTo(2);
        HealthCheck.Result health = HealthCheckHelper.invoke(context).stream()
                .filter(r -> r.getCheck().getId().startsWith("producer:exchange-order")).findFirst().orElseThrow();
        assertThat(health.getState()).isEqualTo(HealthCheck.State.UP);
    }

    @Test
    void refusalsAreRestsAndComeBeforeAnythingIsSent() throws Exception {
        start(null);
        long restCalls = simulator.requestCount();
        OrderRequest tooPrecise = OrderRequest.limit(MARKET, OrderSide.BUY, "60000.123456789", "0.01");
        Exchange overRest = send("exchange:order", tooPrecise);
        Exchange overWs = send("exchange:order?" + WS, tooPrecise);
        assertThat(overWs.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessage(overRest.getException().getMessage());
        Exchange noMarket = send("exchange:getOrder?" + WS, null, orderId("1"));
        assertThat(noMarket.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessage(send("exchange:getOrder", null, orderId("1")).getException().getMessage());

        // What the WebSocket's order cannot carry, asked for by the message: refused before sending.
        assertThat(send("exchange:order?" + WS, BUY, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, "grid0001"))
                .getException()).isInstanceOf(ExchangeValidationException.class).hasMessageContaining("customerOrderId");
        assertThat(send("exchange:order?" + WS, BUY, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "topic/0/1"))
                .getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining(ExchangeConstants.IDEMPOTENCY_KEY).hasMessageContaining("tradeOver=REST");

        assertThat(simulator.streamConnectionsOpened()).as("no connection opened for a refused call").isZero();
        assertThat(simulator.signedRequestCount()).isZero();
        assertThat(simulator.requestCount()).as("the market list at most").isLessThanOrEqualTo(restCalls + 1);

        // ... and by the endpoint's options: the endpoint is not made.
        assertThatThrownBy(() -> context.getEndpoint("exchange:order?acctType=1&" + WS))
                .isInstanceOf(ResolveEndpointFailedException.class).rootCause()
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("acctType");
        assertThatThrownBy(() -> context.getEndpoint("exchange:order?orderType=ioc&" + WS))
                .isInstanceOf(ResolveEndpointFailedException.class).rootCause()
                .hasMessageContaining("orderType");
    }

    @Test
    void endpointsOfOneAccountShareOneConnectionWhateverTheRoutes() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < 6; i++) {
                    from("direct:route" + i).to("exchange:getOrdersIgnoreTradeType?market=" + MARKET
                                                 + "&pageSize=" + (i + 1) + "&" + WS);
                }
            }
        });
        for (int i = 0; i < 6; i++) {
            assertThat(send("direct:route" + i, null).getException()).isNull();
        }
        assertThat(simulator.streamRequestCount("getordersignoretradetype")).isEqualTo(6);
        assertThat(simulator.streamConnectionsOpened()).isEqualTo(1);
        assertThat(context.getComponent("exchange", ExchangeComponent.class).webSocketTradingClients()).isEqualTo(1);
    }

    @Test
    void paperModeTakesTheWebSocketAndRefusesWhatItsOrderCannotCarryWhenTheEndpointIsMade() throws Exception {
        // Not started: the endpoint's options are checked when it is made, before any route or paper exchange runs.
        // (The paper module's PaperOverWebSocketTest and BacktestOverWebSocketTest trade over it.)
        try (DefaultCamelContext paper = new DefaultCamelContext()) {
            ExchangeComponent component = paper.getComponent("exchange", ExchangeComponent.class);
            component.getConfiguration().setBaseUrl("http://127.0.0.1:9");
            component.setPaper(true);
            component.setPaperBalances("usdt=10000");
            assertThat(paper.getEndpoint("exchange:order?" + WS)).isNotNull();
            assertThatThrownBy(() -> paper.getEndpoint("exchange:order?acctType=1&" + WS))
                    .isInstanceOf(ResolveEndpointFailedException.class).rootCause()
                    .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("option acctType");
            // The component's default reaches every signed producer alike; consumers and market data are not affected.
            component.getConfiguration().setTradeOver(com.camelexchange.client.TradeTransport.WEBSOCKET);
            assertThat(paper.getEndpoint("exchange:getOrder?market=" + MARKET)).isNotNull();
            assertThat(paper.getEndpoint("exchange:ticker?market=" + MARKET)).isNotNull();
            assertThat(paper.getEndpoint("exchange:orders?market=" + MARKET)).isNotNull();
        }
    }

    @Test
    void framesSpendTheKeysOneBudgetAsRequestsDo() throws Exception {
        start(null);
        for (int i = 0; i < 3; i++) {
            overWebSocket("exchange:getAccountInfo", "getAccountInfo", null, Map.of());
        }
        overRest("exchange:getAccountInfo", null, Map.of());
        Timer perKey = meters.find("camel.exchange.rate.permit.wait").tag("scope", "trade API per key")
                .tag("outcome", "acquired").timer();
        assertThat(perKey.count()).as("three frames and one request, one budget").isEqualTo(4);
        assertThat(meters.find("camel.exchange.calls").tag("operation", "getAccountInfo").tag("outcome", "success")
                .timer().count()).isEqualTo(4);
    }

    @Test
    void aRestartedComponentTradesOnANewConnectionAndTheComponentsDefaultApplies() throws Exception {
        start(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:account").to("exchange:getAccountInfo");
            }
        });
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        // Set on the component after the route's endpoint was made: only endpoints made from now on take it.
        component.getConfiguration().setTradeOver(com.camelexchange.client.TradeTransport.WEBSOCKET);
        overWebSocket("exchange:getOrdersIgnoreTradeType?market=" + MARKET, "getOrdersIgnoreTradeType", null,
                Map.of());
        assertThat(send("direct:account", null).getException()).isNull();
        assertThat(simulator.requestCount("getAccountInfo")).as("the endpoint made before: REST").isEqualTo(1);

        component.stop();
        assertThat(component.webSocketTradingClients()).as("closed with the component").isZero();
        Await.until(10, "the session closed", () -> simulator.streamConnections() == 0);
        component.start();
        // No option on the URI: the component's default.
        assertThat(send("exchange:getOrdersIgnoreTradeType?market=" + MARKET, null).getException()).isNull();
        assertThat(simulator.streamRequestCount("getordersignoretradetype")).isEqualTo(2);
        assertThat(simulator.requestCount("getOrdersIgnoreTradeType")).isZero();
        assertThat(simulator.streamConnectionsOpened()).isEqualTo(2);
        assertThat(component.webSocketTradingClients()).isEqualTo(1);
    }

    /** Camel redelivers any failure three times, at once and quietly; each look-up is one request. */
    private static RouteBuilder redeliversAnyFailure() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).maximumRedeliveries(3).redeliveryDelay(0)
                        .logExhausted(false).retryAttemptedLogLevel(LoggingLevel.OFF);
                from("direct:place").to("exchange:order?readRetries=0&requestTimeout=500&" + WS);
            }
        };
    }

    @Test
    void aDroppedReplyIsSettledByLookingAndPlacesOneOrder() throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure());
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);

        Exchange reply = send("direct:place", BUY);

        assertThat(reply.getException()).isNull();
        assertThat(reply.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
        assertThat(alice.orderCount(MARKET)).isEqualTo(1);
        assertThat(simulator.streamRequestCount("order")).isEqualTo(1);
        assertThat(simulator.requestCount("order")).isZero();
    }

    @Test
    void aDroppedReplyTheLookUpCannotSettleIsNeverSentAgainByRedeliveries() throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure());
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);
        simulator.faults().inject("getOrdersIgnoreTradeType", Fault.http500(), 1);

        Exchange reply = send("direct:place", BUY);

        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                unknown -> assertThat(unknown.sent().customerOrderId()).isNull());
        assertThat(reply.getIn().getHeader(Exchange.REDELIVERY_COUNTER)).as("redelivered").isEqualTo(3);
        assertThat(alice.orderCount(MARKET)).as("exactly one order").isEqualTo(1);
        assertThat(simulator.streamRequestCount("order")).as("sent once: the redeliveries only looked").isEqualTo(1);
        assertThat(simulator.requestCount("order")).isZero();
    }
}
