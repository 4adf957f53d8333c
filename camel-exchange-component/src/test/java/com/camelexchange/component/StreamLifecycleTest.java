package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.Consumer;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/** A streaming consumer's and the component's WebSocket resources come and go with them. */
class StreamLifecycleTest {
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

    private DefaultCamelContext context() {
        simulator = ExchangeSimulator.builder().seed(3).quiet().limits(SimulatorLimits.none()).build().start();
        context = new DefaultCamelContext();
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        return context;
    }

    @Test
    void aStreamingConsumerThatNeverStartedStopsQuietly() throws Exception {
        context().start();
        for (String uri : List.of("exchange:trades?market=btc_usdt&streaming=true",
                "exchange:ticker?market=btc_usdt&streaming=true")) {
            Consumer consumer = context.getEndpoint(uri).createConsumer(exchange -> { });
            assertThatCode(consumer::stop).as(uri).doesNotThrowAnyException();
        }
    }

    @Test
    void theWebSocketClientsSelectorThreadEndsOnceTheComponentStops() throws Exception {
        // Counted as a set: the clients of earlier tests in this JVM may end meanwhile, as the collector finds them.
        Set<Thread> before = selectorThreads();
        List<Object> received = new CopyOnWriteArrayList<>();
        context().addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=btc_usdt&streaming=true").process(e -> received.add(e.getMessage()));
            }
        });
        context.start();
        Await.until(20, "the snapshot", () -> !received.isEmpty());
        Set<Thread> started = selectorThreads();
        started.removeAll(before);
        assertThat(started).as("the component's WebSocket client runs one").hasSize(1);

        context.stop();
        context = null;
        // On Java 21+ the component shuts the client down. Java 17's HttpClient cannot be shut down: its selector
        // thread ends once nothing refers to the client. The collector is asked to run, which finds the client
        // unreferenced only if the component let go of it.
        Thread selector = started.iterator().next();
        boolean shutDownByTheComponent = Runtime.version().feature() >= 21;
        Await.until(20, "the selector thread ended", () -> {
            if (!shutDownByTheComponent) {
                System.gc();
            }
            return !selector.isAlive();
        });
    }

    private static Set<Thread> selectorThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("HttpClient-") && t.getName().endsWith("-SelectorManager"))
                .collect(Collectors.toCollection(HashSet::new));
    }
}
