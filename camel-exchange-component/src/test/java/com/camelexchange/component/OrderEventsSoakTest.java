package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 200 orders of an account with random fills, partial fills and cancels (some between two polls, some
 * while the order is watched), while 10% of the consumer's calls meet a random fault: every order's events
 * must tell exactly what the engine says happened to it, each transition once.
 */
@Tag("soak")
class OrderEventsSoakTest {
    private static final String MARKET = "btc_usdt";
    private static final int ORDERS = 200;

    private ExchangeSimulator simulator;
    private CamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Test
    void everyTransitionArrivesExactlyOnceUnderRandomFaults() throws Exception {
        simulator = ExchangeSimulator.builder().seed(3).quiet().build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        User alice = simulator.exchange().key("alice").user();
        User bob = simulator.exchange().key("bob").user();
        OrderEventLog events = new OrderEventLog();
        ExpectedFailures failures = new ExpectedFailures();

        DefaultCamelContext ctx = new DefaultCamelContext();
        context = ctx;
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.A);
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.getConfiguration().setReadRetries(3);
        component.getConfiguration().setReadRetryDelay(20);
        component.getConfiguration().setRequestTimeout(2000);
        MemoryStateRepository state = new MemoryStateRepository();
        ctx.getRegistry().bind("state", state);
        ctx.getRegistry().bind("failures", failures);
        ExpectedFailures.unloggedIn(ctx);
        ctx.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&delay=30&stateRepository=#state"
                     + "&exceptionHandler=#failures").routeId("orders").process(events);
            }
        });
        ctx.start();
        // The first start's baseline stored: the orders placed from now on are the watch's to announce. (Waiting for
        // its first listing to arrive at the simulator was not enough: on a busy machine the test placed and
        // finished its first orders before that listing was read, and the baseline rightly took them as past.)
        Await.until(30, "the baseline stored", () -> state.getState("orders:" + MARKET) != null);
        simulator.faults().random(0.10, 99, List.of(Fault.http500(), Fault.http502(), Fault.htmlErrorPage(),
                Fault.connectionReset(), Fault.delay(Duration.ofMillis(200)), Fault.malformedJson(),
                Fault.loseReply()));

        Random random = new Random(2024);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            Side side = random.nextBoolean() ? Side.BUY : Side.SELL;
            // Each new order is the best of its side, so bob's IOC orders at its price trade with it alone.
            BigDecimal price = BigDecimal.valueOf(side == Side.BUY ? 50_000 + i : 80_000 - i);
            BigDecimal amount = new BigDecimal("0.01").multiply(BigDecimal.valueOf(1 + random.nextInt(10)));
            Order order = simulator.exchange().place(alice, OrderCommand.limit(MARKET, side, price, amount));
            ids.add(order.id());
            double action = random.nextDouble();
            if (action < 0.25) {
                take(bob, side.opposite(), price, amount);
            } else if (action < 0.45) {
                take(bob, side.opposite(), price, amount.divide(BigDecimal.valueOf(2)));
            } else if (action < 0.60) {
                take(bob, side.opposite(), price, amount.divide(BigDecimal.valueOf(2)));
                simulator.exchange().cancel(alice, MARKET, order.id(), null);
            } else if (action < 0.80) {
                simulator.exchange().cancel(alice, MARKET, order.id(), null);
            }
            if (random.nextDouble() < 0.15) {
                Long older = ids.get(random.nextInt(ids.size()));
                if (simulator.exchange().order(alice, MARKET, older, null).isOpen()) {
                    simulator.exchange().cancel(alice, MARKET, older, null);
                }
            }
            if (i % 5 == 4) {
                // Let the consumer see some states in passing, not only the end of each order.
                long polls = simulator.requestCount("getOrdersIgnoreTradeType");
                Await.until(30, "a poll", () -> simulator.requestCount("getOrdersIgnoreTradeType") > polls);
            }
        }

        Await.until(120, "every order's events tell what the engine knows", () -> ids.stream()
                .allMatch(id -> events.tellsAllOf(simulator.exchange().order(alice, MARKET, id, null))),
                () -> untold(ids, alice, events));
        long polls = simulator.requestCount("getOrdersIgnoreTradeType");
        Await.until(30, "three more polls", () -> simulator.requestCount("getOrdersIgnoreTradeType") >= polls + 3);
        simulator.faults().clear();

        for (Long id : ids) {
            events.assertExactlyOnce(simulator.exchange().order(alice, MARKET, id, null));
        }
        Set<String> known = ids.stream().map(String::valueOf).collect(Collectors.toSet());
        assertThat(events.all()).extracting(e -> e.order().id()).allMatch(known::contains);
        assertThat(events.all().stream().filter(e -> e.type() == com.camelexchange.client.model.OrderEventType.NEW))
                .as("one NEW per order").hasSize(ORDERS);
        assertThat(events.all().stream().map(OrderEvent::tradedSinceLast).reduce(BigDecimal.ZERO, BigDecimal::add))
                .as("all fills").isEqualByComparingTo(ids.stream()
                        .map(id -> simulator.exchange().order(alice, MARKET, id, null).filled())
                        .reduce(BigDecimal.ZERO, BigDecimal::add));
        assertThat(simulator.requestCount()).as("enough calls for the faults to matter").isGreaterThan(150);
        assertThat(simulator.errorReplyCount(4002)).as("the trade budget was never exceeded").isZero();
    }

    /** The orders whose events do not yet tell what the engine knows, the first few of them described. */
    private String untold(List<Long> ids, User alice, OrderEventLog events) {
        List<String> untold = new ArrayList<>();
        for (Long id : ids) {
            Order truth = simulator.exchange().order(alice, MARKET, id, null);
            if (!events.tellsAllOf(truth)) {
                untold.add("order " + id + " " + truth.state() + " filled " + truth.filled().toPlainString()
                           + ", events " + events.types(Long.toString(id)) + " traded "
                           + events.tradedOf(Long.toString(id)).toPlainString());
            }
        }
        return untold.size() + " of " + ids.size() + " orders untold, " + events.all().size() + " events, "
               + simulator.requestCount("getOrdersIgnoreTradeType") + " listings, "
               + simulator.requestCount("getOrder") + " single reads: " + untold.subList(0, Math.min(5, untold.size()));
    }

    /** Bob trades {@code amount} against the book at {@code price}; IOC, so nothing of his rests. */
    private void take(User bob, Side side, BigDecimal price, BigDecimal amount) {
        simulator.exchange().place(bob, new OrderCommand(MARKET, side, price, amount, 0, null, OrderType.IOC));
    }
}
