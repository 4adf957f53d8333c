package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.client.model.OrderEventType.CANCELLED;
import static com.camelexchange.client.model.OrderEventType.FILLED;
import static com.camelexchange.client.model.OrderEventType.NEW;
import static com.camelexchange.client.model.OrderEventType.PARTIALLY_FILLED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The orders consumer in variant B: its own status values (0 pending, 1 cancelled, 2 filled, 3 partly filled),
 * its page sizes up to 100 and its per-user budget; every state change once, whoever placed the order.
 */
class OrderEventsVariantBTest {
    private static final String MARKET = "btc_usdt";

    private final OrderEventLog events = new OrderEventLog();
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private CamelContext context;
    private User alice;
    private User bob;

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().variant(Variant.B).seed(5).quiet().build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        alice = simulator.exchange().key("alice").user();
        bob = simulator.exchange().key("bob").user();
        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.B);
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        context.getRegistry().bind("failures", failures);
        ExpectedFailures.unloggedIn(context);
        long before = simulator.requestCount("getOrdersIgnoreTradeType");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // 50 per page: beyond variant A's 10, within variant B's 100.
                from("exchange:orders?market=" + MARKET + "&pageSize=50&delay=20&exceptionHandler=#failures")
                        .process(events);
            }
        });
        context.start();
        // The first start's baseline read (a listing, then the open orders) before any order of the test: the
        // poll's own listing, the second, comes after both.
        Await.until(30, "the baseline read", () -> simulator.requestCount("getOrdersIgnoreTradeType") > before + 1);
    }

    @AfterEach
    void stop() {
        context.stop();
        simulator.stop();
    }

    private String place(OrderSide side, String price, String amount) {
        return context.createProducerTemplate().requestBody("exchange:order",
                OrderRequest.limit(MARKET, side, price, amount), PlacedOrder.class).id();
    }

    private void bobTakes(Side side, String price, String amount) {
        simulator.exchange().place(bob, new OrderCommand(MARKET, side, new BigDecimal(price), new BigDecimal(amount),
                0, null, OrderType.IOC));
    }

    private void awaitTypes(String id, OrderEventType... types) throws InterruptedException {
        Await.until(10, "events of order " + id + " " + List.of(types),
                () -> events.types(id).size() >= types.length);
        assertThat(events.types(id)).as("events of order %s", id).containsExactly(types);
    }

    @Test
    void everyStateChangeOnceWithVariantBsStatusValues() throws Exception {
        String filled = place(OrderSide.BUY, "60000", "0.1");
        String otherProgram = Long.toString(simulator.exchange().place(alice, OrderCommand.limit(MARKET, Side.SELL,
                new BigDecimal("70000"), new BigDecimal("0.2"))).id());
        awaitTypes(filled, NEW);
        awaitTypes(otherProgram, NEW);
        assertThat(events.of(filled).get(0).order().rawStatus()).as("variant B: 0 is pending").isZero();

        bobTakes(Side.SELL, "60000", "0.04");
        awaitTypes(filled, NEW, PARTIALLY_FILLED);
        OrderEvent partly = events.of(filled).get(1);
        assertThat(partly.tradedSinceLast()).isEqualByComparingTo("0.04");
        assertThat(partly.order().rawStatus()).as("variant B: 3 is partly filled").isEqualTo(3);

        bobTakes(Side.SELL, "60000", "0.06");
        awaitTypes(filled, NEW, PARTIALLY_FILLED, FILLED);
        OrderEvent done = events.of(filled).get(2);
        assertThat(done.tradedSinceLast()).isEqualByComparingTo("0.06");
        assertThat(done.tradedTotal()).isEqualByComparingTo("0.1");
        assertThat(done.order().rawStatus()).as("variant B: 2 is filled").isEqualTo(2);

        bobTakes(Side.BUY, "70000", "0.05");
        awaitTypes(otherProgram, NEW, PARTIALLY_FILLED);
        context.createProducerTemplate().requestBodyAndHeader("exchange:cancelOrder?market=" + MARKET, null,
                ExchangeConstants.ORDER_ID, otherProgram);
        awaitTypes(otherProgram, NEW, PARTIALLY_FILLED, CANCELLED);
        OrderEvent cancelled = events.of(otherProgram).get(2);
        assertThat(cancelled.tradedTotal()).isEqualByComparingTo("0.05");
        assertThat(cancelled.order().rawStatus()).as("variant B: 1 is cancelled, traded or not").isEqualTo(1);
        assertThat(cancelled.order().status()).isEqualTo(OrderStatus.CANCELLED);

        long polls = simulator.requestCount("getOrdersIgnoreTradeType");
        Await.until(10, "three more polls", () -> simulator.requestCount("getOrdersIgnoreTradeType") >= polls + 3);
        assertThat(events.all()).hasSize(3 + 3);
        assertThat(failures.failures()).isEmpty();
        assertThat(simulator.errorReplyCount(4002)).as("never too frequent").isZero();
    }

    @Test
    void moreOpenOrdersThanOnePageOfVariantAEachGetOneNew() throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            ids.add(place(OrderSide.BUY, Integer.toString(50000 + i), "0.01"));
        }
        for (String id : ids) {
            awaitTypes(id, NEW);
        }
        long polls = simulator.requestCount("getUnfinishedOrdersIgnoreTradeType");
        Await.until(10, "three more polls",
                () -> simulator.requestCount("getUnfinishedOrdersIgnoreTradeType") >= polls + 3);
        assertThat(events.all()).as("15 open orders, one NEW each, on pages of 50").hasSize(15);
        assertThat(failures.failures()).isEmpty();
    }
}
