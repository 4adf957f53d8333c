package com.camelexchange.component;

import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exchange acknowledges no subscription, and pushes nothing of what happened before it took one. A streaming
 * trades route on a quiet market gets a trade made after its subscription went out and before the exchange took it
 * as soon as the exchange takes it (its answer to the ping sent after the subscription says so), not with the next
 * trade or silence check, and exactly once. The simulator holds the client's frames ({@code holdClientFrames}) to
 * keep the subscription untaken while the trade is made.
 */
class StreamSettleTest {
    private static final String MARKET = "btc_usdt";

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

    private long trade() {
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
        return simulator.exchange().lastTrade(MARKET).tid();
    }

    private void start(String uri, List<Long> received) throws Exception {
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        // No keepalive ping nor silence check within the test: only the answer to the subscription's own ping can
        // bring the trade the subscription missed.
        component.setKeepAliveInterval(60_000);
        component.setSilenceTimeout(120_000);
        component.setChannelSilenceTimeout(240_000);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "&exceptionHandler=#failures").routeId("trades")
                        .process(e -> received.add(e.getMessage().getBody(Trade.class).tid()));
            }
        });
        context.start();
    }

    @Test
    void aTradeMadeBeforeTheExchangeTookTheSubscriptionArrivesOnceAsSoonAsItDid() throws Exception {
        simulator = ExchangeSimulator.builder().seed(3).quiet().limits(SimulatorLimits.none()).build().start();
        long since = trade();
        long backlog = trade();
        simulator.streamFaults().holdClientFrames();
        List<Long> received = new CopyOnWriteArrayList<>();
        start("exchange:trades?market=" + MARKET + "&streaming=true&since=" + since, received);
        // All the route does before the exchange takes its subscription: read the backlog over REST, or wait for
        // the answer to a frame sent after the subscription (held behind it).
        Await.until(20, "the subscription held, and the route waiting for the exchange or caught up",
                () -> simulator.streamFaults().clientFramesHeld() >= 1
                      && (received.contains(backlog) || simulator.streamFaults().clientFramesHeld() >= 2));
        long missed = trade();
        simulator.streamFaults().releaseClientFrames();
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);

        Await.until(10, "the trade made before the exchange took the subscription", () -> received.contains(missed));
        assertThat(received).as("the backlog and the missed trade, once each").containsExactly(backlog, missed);
        assertThat(simulator.requestCount("trades")).as("one read over REST for the subscription").isEqualTo(1);

        long pushed = trade();
        Await.until(10, "the next trade, pushed", () -> received.contains(pushed));
        assertThat(received).as("none twice").containsExactly(backlog, missed, pushed);
        assertThat(simulator.requestCount("trades")).as("a pushed trade that follows needs no read").isEqualTo(1);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aSubscriptionWhoseConnectionDropsBeforeTheExchangeTookItIsSettledOnTheNextConnection() throws Exception {
        simulator = ExchangeSimulator.builder().seed(5).quiet().limits(SimulatorLimits.none()).build().start();
        long since = trade();
        simulator.streamFaults().holdClientFrames();
        List<Long> received = new CopyOnWriteArrayList<>();
        start("exchange:trades?market=" + MARKET + "&streaming=true&since=" + since, received);
        Await.until(20, "the subscription and its ping held", () -> simulator.streamFaults().clientFramesHeld() >= 2);
        long missed = trade();
        simulator.streamFaults().dropAll();
        Await.until(20, "connected again", () -> simulator.streamConnectionsOpened() == 2
                                                  && simulator.streamFaults().clientFramesHeld() >= 4);
        assertThat(received).as("nothing read before the exchange took a subscription").isEmpty();
        long missedToo = trade();
        simulator.streamFaults().releaseClientFrames();

        Await.until(10, "the trades made before the exchange took the subscription",
                () -> received.contains(missedToo));
        assertThat(received).containsExactly(missed, missedToo);
        assertThat(simulator.requestCount("trades")).as("read once, for the subscription the exchange took")
                .isEqualTo(1);
        assertThat(failures.failures()).isEmpty();
    }
}
