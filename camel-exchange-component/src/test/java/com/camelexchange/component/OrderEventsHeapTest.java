package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A watch of 20,000 open orders in a JVM of 256 MB of heap, simulator included: surefire's {@code heap-256m}
 * execution runs this class alone with {@code -Xmx256m}. The first start announces every open order as NEW, a
 * bounded number per poll; fills of some of them follow. The consumer's heap (measured after a GC at the first
 * event of each poll's batch) stays small and does not grow with the events delivered.
 */
class OrderEventsHeapTest {
    private static final String MARKET = "btc_usdt";
    private static final int OPEN = 20_000;
    /** The newest orders, filled by bob: they are on the first page of the order listing, seen at once. */
    private static final int FILLED = 100;
    private static final long MB = 1L << 20;

    private final Set<String> announced = ConcurrentHashMap.newKeySet();
    private final Set<String> filled = ConcurrentHashMap.newKeySet();
    private final AtomicInteger events = new AtomicInteger();
    private final AtomicInteger batches = new AtomicInteger();
    private final List<Long> heapAtBatchStart = new CopyOnWriteArrayList<>();
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private void record(Exchange exchange) {
        if (exchange.getProperty(ExchangePropertyKey.BATCH_INDEX, Integer.class) == 0) {
            batches.incrementAndGet();
            heapAtBatchStart.add(heapAfterGc());
        }
        OrderEvent event = exchange.getMessage().getBody(OrderEvent.class);
        events.incrementAndGet();
        if (event.type() == OrderEventType.NEW && !announced.add(event.order().id())) {
            throw new AssertionError("announced twice: " + event.order().id());
        }
        if (event.type() == OrderEventType.FILLED && !filled.add(event.order().id())) {
            throw new AssertionError("filled twice: " + event.order().id());
        }
    }

    @Test
    void twentyThousandOpenOrdersAreWatchedInA256MbHeap() throws Exception {
        // Only in its own JVM: run by name (-Dtest=...), surefire's other executions would run it too.
        assumeTrue(Boolean.getBoolean("heap256m"), "runs in the heap-256m execution");
        assertThat(Runtime.getRuntime().maxMemory()).as("the heap-256m execution's -Xmx256m")
                .isLessThanOrEqualTo(256 * MB);
        simulator = ExchangeSimulator.builder().variant(Variant.B).seed(8).quiet().limits(SimulatorLimits.none())
                .build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        User alice = simulator.exchange().key("alice").user();
        User bob = simulator.exchange().key("bob").user();
        // Each order bids a cent above the one before: the newest are the best bids, so bob's sale fills them.
        for (int i = 0; i < OPEN; i++) {
            simulator.exchange().place(alice, OrderCommand.limit(MARKET, Side.BUY,
                    new BigDecimal("1000.00").add(BigDecimal.valueOf(i, 2)), new BigDecimal("0.001")));
        }
        long before = heapAfterGc();

        MemoryStateRepository state = new MemoryStateRepository();
        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.B);
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.setClientRateLimits(false);
        context.getRegistry().bind("state", state);
        context.getRegistry().bind("failures", failures);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + MARKET + "&pageSize=100&delay=10&stateRepository=#state"
                     + "&exceptionHandler=#failures").routeId("orders")
                        .process(OrderEventsHeapTest.this::record);
            }
        });
        context.start();

        // Ceilings for a stuck watch, not a pace: a quiet machine announces them all in well under a minute (and a
        // GC per poll is part of this test's own cost), a busy one takes what it takes.
        Await.until(300, "every open order announced", () -> announced.size() == OPEN,
                () -> String.format("%,d of %,d announced in %,d polls, %,d events", announced.size(), OPEN,
                        batches.get(), events.get()));
        BigDecimal newestBids = new BigDecimal("1000.00").add(BigDecimal.valueOf(OPEN - FILLED, 2));
        simulator.exchange().place(bob, new OrderCommand(MARKET, Side.SELL, newestBids,
                new BigDecimal("0.001").multiply(BigDecimal.valueOf(FILLED)), 0, null, OrderType.IOC));
        Await.until(120, "the filled orders reported", () -> filled.size() == FILLED,
                () -> String.format("%d of %d filled reported", filled.size(), FILLED));

        assertThat(events.get()).as("one NEW per order, one FILLED per filled order").isEqualTo(OPEN + FILLED);
        assertThat(failures.failures()).isEmpty();
        assertThat(batches.get()).as("a bounded number of events per poll").isGreaterThanOrEqualTo(OPEN / 1000);
        long first = heapAtBatchStart.get(0);
        long last = heapAtBatchStart.get(heapAtBatchStart.size() - 1);
        long most = heapAtBatchStart.stream().mapToLong(Long::longValue).max().orElseThrow();
        System.out.printf("Heap after GC: %d MB with the simulator's %d orders; at the first event of a poll:"
                          + " first %d MB, last %d MB, most %d MB (%d polls)%n", before / MB, OPEN, first / MB,
                last / MB, most / MB, heapAtBatchStart.size());
        assertThat(most - before).as("the consumer's heap while it announces %d open orders", OPEN)
                .isLessThan(64 * MB);
        assertThat(last - first).as("the consumer's heap does not grow with the events delivered")
                .isLessThan(16 * MB);
        int followed = new ObjectMapper().readTree(state.getState("orders:" + MARKET)).get("open").size();
        assertThat(followed).as("the stored state holds the open orders, nothing else").isEqualTo(OPEN - FILLED);
    }
}
