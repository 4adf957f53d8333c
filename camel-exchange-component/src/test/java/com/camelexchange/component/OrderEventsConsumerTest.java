package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.DefaultMessage;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static com.camelexchange.client.model.OrderEventType.CANCELLED;
import static com.camelexchange.client.model.OrderEventType.FILLED;
import static com.camelexchange.client.model.OrderEventType.NEW;
import static com.camelexchange.client.model.OrderEventType.PARTIALLY_FILLED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The orders consumer against a quiet simulator, where the market moves only when the test makes it: every
 * state change of the account's orders arrives once, whoever placed them, across restarts and failures.
 * The counter-party (bob) trades through the engine with IOC orders, so nothing of his rests on the book.
 */
class OrderEventsConsumerTest {
    private static final String MARKET = "btc_usdt";
    private static final String ROUTE = "orders";

    private final List<CamelContext> contexts = new ArrayList<>();
    private final OrderEventLog events = new OrderEventLog();
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private User alice;
    private User bob;

    @BeforeEach
    void startSimulator() {
        simulator = ExchangeSimulator.builder().seed(11).quiet().build().start();
        SimulatorAccount account = simulator.createAccount("alice", "alice-secret");
        simulator.addKey(account, "alice-other", "other-secret");
        simulator.createAccount("bob", "bob-secret");
        alice = simulator.exchange().key("alice").user();
        bob = simulator.exchange().key("bob").user();
    }

    @AfterEach
    void stopAll() {
        contexts.forEach(CamelContext::stop);
        simulator.stop();
    }

    /** A context signing with {@code accessKey}, its routes optional. */
    private CamelContext context(String accessKey, String secretKey, StateRepository<String, String> state,
                                 RouteBuilder routes) throws Exception {
        DefaultCamelContext ctx = new DefaultCamelContext();
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.A);
        component.getConfiguration().setAccessKey(accessKey);
        component.getConfiguration().setSecretKey(secretKey);
        component.getConfiguration().setReadRetryDelay(20);
        ctx.getRegistry().bind("failures", failures);
        if (state != null) {
            ctx.getRegistry().bind("state", state);
        }
        ExpectedFailures.unloggedIn(ctx);
        if (routes != null) {
            ctx.addRoutes(routes);
        }
        ctx.start();
        contexts.add(ctx);
        return ctx;
    }

    /** Alice's context with the orders consumer feeding the log and mock:events, once its baseline is set. */
    private CamelContext watcher(StateRepository<String, String> state) throws Exception {
        long before = simulator.requestCount("getOrdersIgnoreTradeType");
        CamelContext ctx = context("alice", "alice-secret", state, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&delay=20&exceptionHandler=#failures"
                     + (state != null ? "&stateRepository=#state" : "")).routeId(ROUTE)
                        .process(events).to("mock:events");
            }
        });
        // Orders placed after the first start's baseline are new, not part of it. The baseline reads one listing,
        // then the open orders; the poll's own listing comes after both. Waiting for the first listing to arrive
        // is not enough: a busy simulator may read it after the test placed (and finished) an order.
        Await.until(30, "the baseline read", () -> simulator.requestCount("getOrdersIgnoreTradeType") > before + 1);
        return ctx;
    }

    /** Places an order through a context's own producer, as a route would. */
    private static String place(CamelContext ctx, OrderSide side, String price, String amount) {
        return ctx.createProducerTemplate().requestBody("exchange:order",
                OrderRequest.limit(MARKET, side, price, amount), PlacedOrder.class).id();
    }

    /** Places one of alice's orders behind the component's back, as any other program could. */
    private String placeDirectly(Side side, String price, String amount) {
        return Long.toString(simulator.exchange().place(alice, OrderCommand.limit(MARKET, side, new BigDecimal(price),
                new BigDecimal(amount))).id());
    }

    /** Bob takes {@code amount} at {@code price} (IOC: what does not trade is gone). */
    private void bobTakes(Side side, String price, String amount) {
        simulator.exchange().place(bob, new OrderCommand(MARKET, side, new BigDecimal(price), new BigDecimal(amount),
                0, null, OrderType.IOC));
    }

    private Order truth(String id) {
        return simulator.exchange().order(alice, MARKET, Long.parseLong(id), null);
    }

    private void awaitTypes(String id, OrderEventType... types) throws InterruptedException {
        Await.until(10, "events of order " + id + " " + List.of(types),
                () -> events.types(id).size() >= types.length);
        assertThat(events.types(id)).as("events of order %s", id).containsExactly(types);
    }

    /** Lets the consumer poll a few more times, so that an event that should not come had its chance. */
    private void afterMorePolls() throws InterruptedException {
        long now = simulator.requestCount("getOrdersIgnoreTradeType");
        Await.until(10, "three more polls", () -> simulator.requestCount("getOrdersIgnoreTradeType") >= now + 3);
    }

    private static void assertEvent(OrderEvent event, OrderEventType type, String delta, String total) {
        assertThat(event.type()).isEqualTo(type);
        assertThat(event.tradedSinceLast()).as("%s delta", type).isEqualByComparingTo(delta);
        assertThat(event.tradedTotal()).as("%s total", type).isEqualByComparingTo(total);
    }

    @Test
    void ordersOfTheRouteAndOfAnotherProgramGetEveryEventOnce() throws Exception {
        CamelContext ctx = watcher(new MemoryStateRepository());
        CamelContext otherProgram = context("alice-other", "other-secret", null, null);

        String mine = place(ctx, OrderSide.BUY, "60000", "0.1");
        String theirs = place(otherProgram, OrderSide.SELL, "70000", "0.2");
        awaitTypes(mine, NEW);
        awaitTypes(theirs, NEW);

        bobTakes(Side.SELL, "60000", "0.04");
        awaitTypes(mine, NEW, PARTIALLY_FILLED);
        assertEvent(events.of(mine).get(1), PARTIALLY_FILLED, "0.04", "0.04");
        assertThat(events.of(mine).get(1).order().status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);

        bobTakes(Side.SELL, "60000", "0.06");
        awaitTypes(mine, NEW, PARTIALLY_FILLED, FILLED);
        assertEvent(events.of(mine).get(2), FILLED, "0.06", "0.1");

        ctx.createProducerTemplate().requestBodyAndHeader("exchange:cancelOrder?market=" + MARKET, null,
                ExchangeConstants.ORDER_ID, theirs);
        awaitTypes(theirs, NEW, CANCELLED);
        assertEvent(events.of(theirs).get(1), CANCELLED, "0", "0");

        // Traded, then cancelled before any poll saw the fill: the fill first, as its own event.
        String partlyThenCancelled = place(ctx, OrderSide.BUY, "61000", "0.1");
        awaitTypes(partlyThenCancelled, NEW);
        ctx.getRouteController().stopRoute(ROUTE);
        bobTakes(Side.SELL, "61000", "0.03");
        simulator.exchange().cancel(alice, MARKET, Long.parseLong(partlyThenCancelled), null);
        ctx.getRouteController().startRoute(ROUTE);
        awaitTypes(partlyThenCancelled, NEW, PARTIALLY_FILLED, CANCELLED);
        assertEvent(events.of(partlyThenCancelled).get(1), PARTIALLY_FILLED, "0.03", "0.03");
        OrderEvent cancelled = events.of(partlyThenCancelled).get(2);
        assertEvent(cancelled, CANCELLED, "0", "0.03");
        assertThat(cancelled.order().rawStatus()).as("variant A: 2 is cancelled after a partial fill").isEqualTo(2);
        assertThat(cancelled.order().status()).isEqualTo(OrderStatus.CANCELLED);

        afterMorePolls();
        for (String id : List.of(mine, theirs, partlyThenCancelled)) {
            events.assertExactlyOnce(truth(id));
        }
        assertThat(events.all()).hasSize(3 + 2 + 3);
        Exchange filled = ctx.getEndpoint("mock:events", MockEndpoint.class).getExchanges().stream()
                .filter(e -> "FILLED".equals(e.getMessage().getHeader(ExchangeConstants.ORDER_EVENT)))
                .findFirst().orElseThrow();
        assertThat(filled.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isEqualTo(mine);
        assertThat(filled.getMessage().getHeader(ExchangeConstants.MARKET)).isEqualTo(MARKET);
        assertThat(filled.getMessage().getHeader(ExchangeConstants.TIMESTAMP)).isNotNull();
        assertThat(failures.failures()).isEmpty();
        assertThat(simulator.errorReplyCount(4002)).as("never too frequent").isZero();
    }

    @Test
    void anOrderPlacedAndFinishedBetweenTwoPollsStillGetsAllItsEvents() throws Exception {
        CamelContext ctx = watcher(new MemoryStateRepository());
        ctx.getRouteController().stopRoute(ROUTE);
        String filled = place(ctx, OrderSide.BUY, "60500", "0.05");
        bobTakes(Side.SELL, "60500", "0.05");
        String cancelled = place(ctx, OrderSide.SELL, "71000", "0.1");
        simulator.exchange().cancel(alice, MARKET, Long.parseLong(cancelled), null);
        assertThat(truth(filled).state()).isEqualTo(Order.State.FILLED);
        ctx.getRouteController().startRoute(ROUTE);

        awaitTypes(filled, NEW, FILLED);
        assertEvent(events.of(filled).get(0), NEW, "0", "0");
        assertEvent(events.of(filled).get(1), FILLED, "0.05", "0.05");
        awaitTypes(cancelled, NEW, CANCELLED);
        assertThat(events.all().stream().map(e -> e.order().id()).toList()).as("oldest order first")
                .containsExactly(filled, filled, cancelled, cancelled);
    }

    @Test
    void theFirstStartAnnouncesOpenOrdersOnlyAndARestartResumesWithoutGapOrRepeat(@TempDir Path dir)
            throws Exception {
        String finished = placeDirectly(Side.BUY, "60000", "0.02");
        bobTakes(Side.SELL, "60000", "0.02");
        String open = placeDirectly(Side.BUY, "59000", "0.03");
        String partly = placeDirectly(Side.SELL, "70000", "0.1");
        bobTakes(Side.BUY, "70000", "0.04");
        File file = dir.resolve("orders.dat").toFile();

        CamelContext first = watcher(FileStateRepository.fileStateRepository(file));
        awaitTypes(open, NEW);
        awaitTypes(partly, NEW, PARTIALLY_FILLED);
        assertEvent(events.of(partly).get(1), PARTIALLY_FILLED, "0.04", "0.04");
        afterMorePolls();
        assertThat(events.types(finished)).as("finished history is not replayed").isEmpty();
        assertThat(events.all()).hasSize(3);
        first.stop();

        FileStateRepository stored = FileStateRepository.fileStateRepository(file);
        stored.start();
        String json = stored.getState("orders:" + MARKET);
        stored.stop();
        assertThat(json).as("open orders and the watermark, nothing finished")
                .contains("\"watermark\":\"" + partly + "\"", open, partly).doesNotContain(finished);

        // While no consumer runs: one order fills, another is placed.
        bobTakes(Side.SELL, "59000", "0.03");
        String placedMeanwhile = placeDirectly(Side.SELL, "72000", "0.05");

        watcher(FileStateRepository.fileStateRepository(file));
        awaitTypes(open, NEW, FILLED);
        awaitTypes(placedMeanwhile, NEW);
        afterMorePolls();
        assertThat(events.all()).as("nothing repeated, nothing lost").hasSize(5);
        assertThat(events.types(partly)).containsExactly(NEW, PARTIALLY_FILLED);
    }

    @Test
    void withoutAStateRepositoryARouteStoppedAndStartedAgainAnnouncesNoOpenOrderTwice() throws Exception {
        String openBefore = placeDirectly(Side.BUY, "59000", "0.03");
        CamelContext ctx = watcher(null);
        awaitTypes(openBefore, NEW);
        String placed = place(ctx, OrderSide.SELL, "70000", "0.1");
        awaitTypes(placed, NEW);

        ctx.getRouteController().stopRoute(ROUTE);
        bobTakes(Side.SELL, "59000", "0.01");
        String placedMeanwhile = placeDirectly(Side.SELL, "72000", "0.05");
        ctx.getRouteController().startRoute(ROUTE);

        awaitTypes(openBefore, NEW, PARTIALLY_FILLED);
        awaitTypes(placedMeanwhile, NEW);
        afterMorePolls();
        assertThat(events.types(placed)).as("still open, announced once").containsExactly(NEW);
        assertThat(events.all()).as("nothing repeated, nothing lost").hasSize(4);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void anEventTheRouteFailsComesAgainAndIsNotSkipped() throws Exception {
        AtomicInteger filledAttempts = new AtomicInteger();
        CamelContext ctx = context("alice", "alice-secret", new MemoryStateRepository(), new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&delay=20&exceptionHandler=#failures"
                     + "&stateRepository=#state").routeId(ROUTE)
                        .process(e -> {
                            if ("FILLED".equals(e.getMessage().getHeader(ExchangeConstants.ORDER_EVENT))
                                && filledAttempts.incrementAndGet() == 1) {
                                throw new IllegalStateException("downstream briefly unavailable");
                            }
                        })
                        .process(events);
            }
        });
        Await.until(30, "the baseline read", () -> simulator.requestCount("getOrdersIgnoreTradeType") > 1);
        String id = place(ctx, OrderSide.BUY, "60000", "0.1");
        awaitTypes(id, NEW);
        bobTakes(Side.SELL, "60000", "0.1");
        awaitTypes(id, NEW, FILLED);
        afterMorePolls();
        assertThat(filledAttempts).as("refused once, delivered on the next poll").hasValue(2);
        assertThat(events.all()).hasSize(2);
        assertThat(failures.failures()).singleElement().extracting(Throwable::getMessage)
                .isEqualTo("downstream briefly unavailable");
    }

    @Test
    void aPollEmitsAtMostMaxEventsPerPollAndTheRestComeWithTheNextPolls() throws Exception {
        List<String> open = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            open.add(placeDirectly(Side.BUY, Integer.toString(50_000 + i), "0.01"));
        }
        List<Integer> batchSizes = new CopyOnWriteArrayList<>();
        context("alice", "alice-secret", new MemoryStateRepository(), new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&delay=20&maxEventsPerPoll=3&exceptionHandler=#failures"
                     + "&stateRepository=#state").routeId(ROUTE)
                        .process(e -> batchSizes.add(e.getProperty(ExchangePropertyKey.BATCH_SIZE, Integer.class)))
                        .process(events);
            }
        });
        Await.until(10, "every open order announced", () -> events.all().size() == open.size());
        afterMorePolls();
        assertThat(events.all().stream().map(e -> e.order().id()).toList()).as("each once, oldest first")
                .containsExactlyElementsOf(open);
        assertThat(batchSizes).as("at most 3 a poll").allMatch(size -> size <= 3).contains(3);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aFirstStartWhoseBaselineFailedMidwayStillAnnouncesEveryOpenOrder() throws Exception {
        String first = placeDirectly(Side.BUY, "59000", "0.03");
        String second = placeDirectly(Side.SELL, "71000", "0.02");
        // The newest-first page answers; every try of the open orders after it fails, once.
        simulator.faults().inject("getUnfinishedOrdersIgnoreTradeType", Fault.http500(), 3);
        watcher(new MemoryStateRepository());
        awaitTypes(first, NEW);
        awaitTypes(second, NEW);
        afterMorePolls();
        assertThat(events.all()).hasSize(2);
        assertThat(failures.failures()).as("the failed first poll").hasSize(1);
    }

    @Test
    void theEventStreamsAreConsumersOnlyAndNeedTheirOptionsAndKeys() throws Exception {
        CamelContext ctx = context("alice", "alice-secret", null, null);
        assertThatThrownBy(() -> ctx.getEndpoint("exchange:orders?market=" + MARKET).createProducer())
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("exchange:orders is a consumer only");
        assertThatThrownBy(() -> ctx.getEndpoint("exchange:withdrawals?coin=btc").createProducer())
                .hasMessageContaining("exchange:withdrawals is a consumer only");
        ExchangeEndpoint endpoint = ctx.getEndpoint("exchange:orders?market=" + MARKET, ExchangeEndpoint.class);
        assertThatThrownBy(() -> endpoint.resolver().resolve(new DefaultMessage(ctx)))
                .hasMessageContaining("consumer only");

        assertThatThrownBy(() -> ctx.getEndpoint("exchange:orders"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("option market");
        assertThatThrownBy(() -> ctx.getEndpoint("exchange:withdrawals"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("option coin");
        assertThatThrownBy(() -> ctx.getEndpoint("exchange:orders?market=" + MARKET + "&maxPagesPerPoll=0"))
                .hasMessageContaining("option maxPagesPerPoll");
        assertThatThrownBy(() -> ctx.getEndpoint("exchange:withdrawals?coin=btc&maxEventsPerPoll=0"))
                .hasMessageContaining("option maxEventsPerPoll");

        CamelContext keyless = new DefaultCamelContext();
        contexts.add(keyless);
        keyless.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        assertThatThrownBy(() -> keyless.getEndpoint("exchange:orders?market=" + MARKET))
                .hasMessageContaining("accessKey");
        assertThatThrownBy(() -> keyless.getEndpoint("exchange:withdrawals?coin=btc"))
                .hasMessageContaining("accessKey");
    }
}
