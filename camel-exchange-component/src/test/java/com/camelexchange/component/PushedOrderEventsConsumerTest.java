package com.camelexchange.component;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code exchange:orders?streaming=true} against the simulator's account pushes: the messages the polled consumer
 * sends, each transition once and in order; no REST listing while pushes flow; the changes made while its
 * connection was cut caught up over REST once; a restart from the stored watch announcing nothing twice.
 */
class PushedOrderEventsConsumerTest {
    private static final String MARKET = "btc_usdt";
    private static final List<String> LISTINGS = List.of("getOrdersIgnoreTradeType",
            "getUnfinishedOrdersIgnoreTradeType", "getOrder");

    private ExchangeSimulator simulator;
    private ExchangeClient alice;
    private ExchangeClient bob;
    private final List<CamelContext> contexts = new ArrayList<>();
    private final ExpectedFailures failures = new ExpectedFailures();

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(13).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        alice = client("alice");
        bob = client("bob");
    }

    private ExchangeClient client(String key) {
        return ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys(key, key + "-secret").build();
    }

    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
        alice.close();
        bob.close();
        simulator.stop();
    }

    /** Alice's context with the given routes, reconnecting fast. */
    private CamelContext context(MemoryStateRepository state, RouteBuilder routes) throws Exception {
        DefaultCamelContext ctx = new DefaultCamelContext();
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.A);
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.getResourcesConfiguration().setReconnectDelay(20);
        component.getResourcesConfiguration().setMaxReconnectDelay(200);
        ctx.getRegistry().bind("failures", failures);
        ctx.getRegistry().bind("state", state);
        ctx.getRegistry().bind("polledState", new MemoryStateRepository());
        ExpectedFailures.unloggedIn(ctx);
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(ctx);
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        ctx.addRoutes(routes);
        ctx.start();
        contexts.add(ctx);
        return ctx;
    }

    private static RouteBuilder pushed(List<Exchange> into) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                pushedRoute(this, into);
            }
        };
    }

    private static void pushedRoute(RouteBuilder routes, List<Exchange> into) {
        routes.from("exchange:orders?market=" + MARKET + "&streaming=true&stateRepository=#state"
                    + "&exceptionHandler=#failures").routeId("pushed").process(into::add);
    }

    @Test
    void pushedMessagesAreThePolledOnesEachTransitionOnceWithNoListingWhilePushesFlow() throws Exception {
        List<Exchange> pushed = new CopyOnWriteArrayList<>();
        List<Exchange> polled = new CopyOnWriteArrayList<>();
        CamelContext ctx = context(new MemoryStateRepository(), new RouteBuilder() {
            @Override
            public void configure() throws Exception {
                pushedRoute(this, pushed);
                from("exchange:orders?market=" + MARKET + "&delay=20&stateRepository=#polledState"
                     + "&exceptionHandler=#failures").routeId("polled").process(polled::add);
            }
        });
        awaitUp(ctx, "pushed");
        awaitUp(ctx, "polled");
        String filled = sell("65000", "0.3");
        both(pushed, polled, 1);
        buy("65000", "0.1");
        both(pushed, polled, 2);
        buy("65000", "0.2");
        both(pushed, polled, 3);
        String cancelled = sell("66000", "0.2");
        both(pushed, polled, 4);
        alice.cancelOrder(MARKET, cancelled);
        both(pushed, polled, 5);

        assertThat(lines(pushed)).containsExactly(filled + " NEW", filled + " PARTIALLY_FILLED", filled + " FILLED",
                cancelled + " NEW", cancelled + " CANCELLED");
        assertThat(bodies(pushed)).as("the polled consumer's bodies").isEqualTo(bodies(polled));
        for (int i = 0; i < pushed.size(); i++) {
            assertThat(headers(pushed.get(i))).as("the polled consumer's headers").isEqualTo(headers(polled.get(i)));
        }
        assertThat(health(ctx, "pushed").getDetails()).containsEntry("mode", "streaming");

        // The polled route spends listings; the pushed one alone spends none.
        ctx.getRouteController().stopRoute("polled");
        long before = listings();
        String more = sell("65000", "0.1");
        buy("65000", "0.1");
        Await.until(30, "2 more", () -> pushed.size() >= 7);
        assertThat(lines(pushed).subList(5, 7)).containsExactly(more + " NEW", more + " FILLED");
        assertThat(listings()).as("no listing while pushes flow").isEqualTo(before);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void changesWhileTheConnectionWasCutAndWhileStoppedComeOnceEach() throws Exception {
        MemoryStateRepository state = new MemoryStateRepository();
        List<Exchange> first = new CopyOnWriteArrayList<>();
        CamelContext ctx = context(state, pushed(first));
        awaitUp(ctx, "pushed");
        String order = sell("65000", "0.3");
        Await.until(30, "its NEW", () -> first.size() >= 1);
        long opened = simulator.streamConnectionsOpened();

        simulator.streamFaults().dropAll();
        buy("65000", "0.1");
        String cut = sell("68000", "0.1");
        alice.cancelOrder(MARKET, cut);
        Await.until(30, "reconnected", () -> simulator.streamConnectionsOpened() > opened);
        Await.until(30, "4 events", () -> first.size() >= 4);
        ctx.stop();

        buy("65000", "0.2");
        String stopped = sell("69000", "0.1");
        List<Exchange> again = new CopyOnWriteArrayList<>();
        CamelContext restarted = context(state, pushed(again));
        Await.until(30, "2 events", () -> again.size() >= 2);
        awaitUp(restarted, "pushed");
        alice.cancelOrder(MARKET, stopped);
        Await.until(30, "3 events", () -> again.size() >= 3);

        assertThat(lines(first)).containsExactly(order + " NEW", order + " PARTIALLY_FILLED", cut + " NEW",
                cut + " CANCELLED");
        assertThat(lines(again)).as("after the restart, only what it had not announced")
                .containsExactly(order + " FILLED", stopped + " NEW", stopped + " CANCELLED");
        assertThat(failures.failures()).isEmpty();
    }

    private static HealthCheck.Result health(CamelContext ctx, String routeId) {
        return HealthCheckHelper.invoke(ctx).stream().filter(r -> r.getCheck().getId().equals("consumer:" + routeId))
                .findFirst().orElseThrow(() -> new AssertionError("no check consumer:" + routeId));
    }

    private static void awaitUp(CamelContext ctx, String routeId) throws InterruptedException {
        Await.until(30, routeId + " up", () -> health(ctx, routeId).getState() == HealthCheck.State.UP);
    }

    private static void both(List<Exchange> pushed, List<Exchange> polled, int events) throws InterruptedException {
        Await.until(30, events + " events each", () -> pushed.size() >= events && polled.size() >= events);
    }

    private String sell(String price, String amount) {
        return alice.placeOrder(new OrderRequest(MARKET, OrderSide.SELL, new BigDecimal(price), new BigDecimal(amount),
                null, null, null)).id();
    }

    private void buy(String price, String amount) {
        bob.placeOrder(new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal(price), new BigDecimal(amount), null,
                null, null));
    }

    private long listings() {
        return LISTINGS.stream().mapToLong(simulator::requestCount).sum();
    }

    private static List<String> lines(List<Exchange> exchanges) {
        return exchanges.stream().map(e -> e.getMessage().getHeader(ExchangeConstants.ORDER_ID) + " "
                                           + e.getMessage().getHeader(ExchangeConstants.ORDER_EVENT)).toList();
    }

    /** The events but for when they were detected. */
    private static List<OrderEvent> bodies(List<Exchange> exchanges) {
        return exchanges.stream().map(e -> e.getMessage().getBody(OrderEvent.class)).map(e -> new OrderEvent(
                e.type(), e.order(), e.tradedSinceLast(), e.tradedTotal(), Instant.EPOCH)).toList();
    }

    /** The message's headers but for its time, which says when the event was detected. */
    private static Map<String, Object> headers(Exchange exchange) {
        Map<String, Object> headers = new TreeMap<>(exchange.getMessage().getHeaders());
        headers.values().removeIf(v -> v instanceof Instant || v instanceof Long || v instanceof java.util.Date);
        return headers;
    }
}
