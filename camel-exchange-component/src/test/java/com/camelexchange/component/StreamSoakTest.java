package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Trades over a stream that the exchange keeps breaking: every connection dropped every couple of seconds,
 * pushes stalled at random (long enough to be taken as silence, or short enough to go unnoticed), now and
 * then a garbled frame. What reaches the route must be the simulator's own tape, exactly: no gap, no
 * repeat, in order.
 */
class StreamSoakTest {
    private static final String MARKET = "btc_usdt";
    private static final Duration RUN = Duration.ofSeconds(30);

    private final ExpectedFailures failures = new ExpectedFailures();
    private DefaultCamelContext context;
    private ExchangeSimulator simulator;

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
    void theTradesDeliveredAreTheTapeExactlyWhateverTheConnectionGoesThrough() throws Exception {
        simulator = ExchangeSimulator.builder().seed(11).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
        long start = simulator.exchange().lastTrade(MARKET).tid();

        List<Long> delivered = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setKeepAliveInterval(100);
        component.setSilenceTimeout(500);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(300);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=btc_usdt&streaming=true&exceptionHandler=#failures&since=" + start)
                        .process(e -> delivered.add(e.getMessage().getBody(Trade.class).tid()));
            }
        });
        context.start();

        Random chaos = new Random(20261122);
        long end = System.nanoTime() + RUN.toNanos();
        long nextDrop = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int drops = 0;
        int stalls = 0;
        while (System.nanoTime() < end) {
            for (int i = 0, burst = 1 + chaos.nextInt(6); i < burst; i++) {
                simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(),
                        new BigDecimal(64000 + chaos.nextInt(2000)), new BigDecimal("0.01"),
                        chaos.nextBoolean() ? Side.BUY : Side.SELL);
            }
            if (System.nanoTime() > nextDrop) {
                simulator.streamFaults().dropAll();
                drops++;
                nextDrop = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500 + chaos.nextInt(1500));
            } else if (chaos.nextInt(100) == 0 && !simulator.streamFaults().stalled()) {
                // Some stalls outlast the silence timeout, some end before anyone notices.
                simulator.streamFaults().stall(Duration.ofMillis(100 + chaos.nextInt(900)));
                stalls++;
            } else if (chaos.nextInt(150) == 0) {
                simulator.streamFaults().malformedFrame();
            }
            Thread.sleep(10);
        }
        simulator.streamFaults().resume();
        long last = simulator.exchange().lastTrade(MARKET).tid();
        // A trade after the storm, so that even a stall nobody noticed is followed by a push.
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((delivered.isEmpty() || delivered.get(delivered.size() - 1) < last + 1) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }

        List<Long> tape = simulator.tape(MARKET).stream().map(t -> t.tid()).filter(tid -> tid > start).toList();
        Set<Long> distinct = new HashSet<>(delivered);
        assertThat(drops).as("connections dropped").isGreaterThanOrEqualTo(8);
        assertThat(stalls).as("stalls").isPositive();
        assertThat(tape.size()).as("trades made").isGreaterThan(1000);
        assertThat(distinct.size()).as("duplicates").isEqualTo(delivered.size());
        assertThat(delivered.size()).as("trades delivered against the tape").isEqualTo(tape.size());
        assertThat(delivered.equals(tape)).as("the delivered trades are the tape, in order").isTrue();
        assertThat(ClientInternals.streams(component.clientResources()).all().get(0).reconnects()).as("reconnects").isGreaterThanOrEqualTo(drops);
    }
}
