package com.camelexchange.component;

import com.camelexchange.client.StreamStatus;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
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
 * Trades over a stream that the exchange keeps breaking: {@value #CYCLES} times, trades are made in bursts until
 * the route has taken {@value #PER_CYCLE} more of them (pushes stalled now and then meanwhile, long enough to be
 * taken as silence or short enough to go unnoticed, and now and then a garbled frame), then every connection is
 * dropped. What reaches the route must be the simulator's own tape, exactly: no gap, no repeat, in order.
 *
 * <p>Bounded by what happens, not by the clock: each cycle ends on deliveries, so a slow machine makes the cycles
 * longer, never fewer or emptier; the ceilings only catch a stream that stopped delivering.
 */
@Tag("soak")
class StreamSoakTest {
    private static final String MARKET = "btc_usdt";
    /** Drops of every connection, each after a cycle of trades the route took. */
    private static final int CYCLES = 12;
    /** Trades the route takes in a cycle before the drop that ends it. */
    private static final int PER_CYCLE = 150;
    /** The most a cycle may take before the stream is taken for stuck: a ceiling, not a pace. */
    private static final long CYCLE_CEILING_SECONDS = 60;

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
        int drops = 0;
        int stalls = 0;
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            int target = delivered.size() + PER_CYCLE;
            // About one cycle in two stalls the pushes once, at a step of its own choosing, besides the rare stalls
            // at random below: a run without a stall would not be this soak.
            int stallAt = chaos.nextBoolean() ? chaos.nextInt(20) : -1;
            long ceiling = System.nanoTime() + TimeUnit.SECONDS.toNanos(CYCLE_CEILING_SECONDS);
            // The cycle ends on deliveries, and on a connection made again since the last drop: each drop meets a
            // live connection, never the gap between two.
            int dropped = drops;
            for (int step = 0; delivered.size() < target || reconnects(component) < dropped; step++) {
                if (System.nanoTime() > ceiling) {
                    throw new AssertionError(String.format("not within %d s: cycle %d of %d delivered %d of its %d"
                            + " trades (%d delivered in all, %d drops, %d stalls, %d reconnects)",
                            CYCLE_CEILING_SECONDS, cycle + 1, CYCLES, PER_CYCLE - (target - delivered.size()),
                            PER_CYCLE, delivered.size(), drops, stalls, reconnects(component)));
                }
                for (int i = 0, burst = 1 + chaos.nextInt(6); i < burst; i++) {
                    simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(),
                            new BigDecimal(64000 + chaos.nextInt(2000)), new BigDecimal("0.01"),
                            chaos.nextBoolean() ? Side.BUY : Side.SELL);
                }
                if ((step == stallAt || chaos.nextInt(100) == 0) && !simulator.streamFaults().stalled()) {
                    // Some stalls outlast the silence timeout, some end before anyone notices.
                    simulator.streamFaults().stall(Duration.ofMillis(100 + chaos.nextInt(900)));
                    stalls++;
                } else if (chaos.nextInt(150) == 0) {
                    simulator.streamFaults().malformedFrame();
                }
                Thread.sleep(10);
            }
            simulator.streamFaults().dropAll();
            drops++;
        }
        simulator.streamFaults().resume();
        long last = simulator.exchange().lastTrade(MARKET).tid();
        // A trade after the storm, so that even a stall nobody noticed is followed by a push.
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
        Await.until(60, "the trade after the storm delivered",
                () -> !delivered.isEmpty() && delivered.get(delivered.size() - 1) >= last + 1,
                () -> String.format("%,d delivered, the last %s, waiting for %d", delivered.size(),
                        delivered.isEmpty() ? "none" : delivered.get(delivered.size() - 1), last + 1));

        List<Long> tape = simulator.tape(MARKET).stream().map(t -> t.tid()).filter(tid -> tid > start).toList();
        Set<Long> distinct = new HashSet<>(delivered);
        System.out.printf("stream soak: %d trades, %d drops, %d stalls, %d reconnects%n", tape.size(), drops, stalls,
                reconnects(component));
        assertThat(stalls).as("stalls").isPositive();
        assertThat(tape.size()).as("trades made").isGreaterThanOrEqualTo(CYCLES * PER_CYCLE);
        assertThat(distinct.size()).as("duplicates").isEqualTo(delivered.size());
        assertThat(delivered.size()).as("trades delivered against the tape").isEqualTo(tape.size());
        assertThat(delivered.equals(tape)).as("the delivered trades are the tape, in order").isTrue();
        assertThat(reconnects(component)).as("reconnects").isGreaterThanOrEqualTo(drops);
    }

    private static long reconnects(ExchangeComponent component) {
        List<StreamStatus> streams = component.clientResources().streamStatus();
        return streams.isEmpty() ? 0 : streams.get(0).reconnects();
    }
}
