package com.camelexchange.benchmarks;

import com.camelexchange.client.model.Trade;
import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.StreamStatus;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The {@code silence} section: the pace at which a silent trades channel is read over REST. A streaming trades
 * route ({@code delay} 50 ms, keep-alive 50 ms, silence timeout 1 s, channel silence timeout 60 s) and, as the
 * clock, a polled ticker route of the same delay run on one component against a quiet simulator; the channel is
 * silenced (the connection answers pings, the channel pushes nothing) and trades are made until the consumer finds
 * it silent. Then one trade is made as soon as the one before was delivered, {@code silenceTrades} times, and the
 * simulator counts the REST {@code trades} reads and the ticker polls meanwhile.
 *
 * <p>Figures: REST reads ÷ the polled consumer's polls over the same span (about 1: the silent channel is read at
 * the pace of a polled consumer of the same delay; it was an assertion of the component's
 * {@code StreamSilenceTest}, between 0.5 and 1.5), and the REST reads between making a trade and seeing it
 * delivered, median and most (1 or 2 when the harness sees each delivery at once; more when it is slow to look).
 *
 * <p>System properties: {@code silenceTrades} (40).
 */
final class SilenceSection {
    private static final String MARKET = "btc_usdt";
    private static final String CHANNEL = "btcusdt_trades";
    private static final int DELAY = 50;
    private static final int TRADES = Integer.getInteger("silenceTrades", 40);

    private SilenceSection() {
    }

    /** Runs the section; returns its row of the main table. */
    static String run() throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(21).quiet().limits(SimulatorLimits.none())
                .build().start()) {
            addTrade(sim);
            long start = sim.exchange().lastTrade(MARKET).tid();
            List<Trade> received = new CopyOnWriteArrayList<>();
            DefaultCamelContext context = new DefaultCamelContext();
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            component.getConfiguration().setBaseUrl(sim.baseUrl());
            component.getConfiguration().setReadRetries(0);
            component.setMarketDataRequestsPerSecond(0);
            component.setReconnectDelay(20);
            component.setMaxReconnectDelay(100);
            component.setKeepAliveInterval(50);
            component.setSilenceTimeout(1_000);
            component.setChannelSilenceTimeout(60_000);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + MARKET + "&streaming=true&since=" + start + "&delay=" + DELAY)
                            .routeId("stream").process(e -> received.add(e.getMessage().getBody(Trade.class)));
                    from("exchange:ticker?market=" + MARKET + "&delay=" + DELAY + "&initialDelay=0")
                            .routeId("polled").process(e -> { });
                }
            });
            context.start();
            try {
                await("subscribed", () -> sim.streamSubscriptions(CHANNEL) == 1);
                for (int i = 0; i < 3; i++) {
                    delivered(sim, received);
                }
                sim.streamFaults().silenceChannel(CHANNEL);
                int made = 0;
                while (!status(component).silent()) {
                    if (++made > 200) {
                        throw new IllegalStateException("the channel was not found silent after 200 trades");
                    }
                    delivered(sim, received);
                }
                long readsBefore = sim.requestCount("trades");
                long polledBefore = sim.requestCount("ticker");
                List<Long> perTrade = new ArrayList<>();
                for (int i = 0; i < TRADES; i++) {
                    perTrade.add(delivered(sim, received));
                }
                long reads = sim.requestCount("trades") - readsBefore;
                long polled = sim.requestCount("ticker") - polledBefore;
                List<Long> sorted = perTrade.stream().sorted().toList();
                boolean stillSilent = status(component).silent();
                return String.format("| silent trades channel read over REST, delay=%d ms, %d trades one after another"
                                + " | reads ÷ a polled consumer's polls **%.2f** (%d vs %d); reads per trade median %d,"
                                + " most %d; still served over REST: %s | about 1 (0.5-1.5) |",
                        DELAY, TRADES, (double) reads / Math.max(1, polled), reads, polled,
                        sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1), stillSilent ? "yes" : "no");
            } finally {
                context.stop();
            }
        }
    }

    private static ChannelStatus status(ExchangeComponent component) {
        return component.clientResources().streamStatus().stream().map(StreamStatus::channels).flatMap(List::stream)
                .filter(c -> c.channel().equals(CHANNEL)).findFirst().orElseThrow();
    }

    private static void addTrade(ExchangeSimulator sim) {
        sim.exchange().recordHistoricalTrade(MARKET, sim.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
    }

    /** Makes one trade and waits until the route has it; the REST reads of trades meanwhile. */
    private static long delivered(ExchangeSimulator sim, List<Trade> received) throws InterruptedException {
        long readsBefore = sim.requestCount("trades");
        addTrade(sim);
        long tid = sim.exchange().lastTrade(MARKET).tid();
        await("trade " + tid + " delivered",
                () -> !received.isEmpty() && received.get(received.size() - 1).tid() == tid);
        return sim.requestCount("trades") - readsBefore;
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within 60 s: " + what);
            }
            Thread.sleep(1);
        }
    }
}
