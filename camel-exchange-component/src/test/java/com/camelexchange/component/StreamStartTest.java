package com.camelexchange.component;

import com.camelexchange.component.metrics.MicrometerMetrics;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many streaming routes starting with stored positions, then subscribed again all at once after a reconnect: their
 * REST catch-ups take turns within the component's market-data budget, none is refused a permit or fails, and each
 * reads not ready, catching up, until its own is done.
 */
class StreamStartTest {
    private static final int ROUTES = 40;

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

    /** The route's consumer's readiness; empty while its route has not started. */
    private static Optional<HealthCheck.Result> readiness(Collection<HealthCheck.Result> results, String routeId) {
        return results.stream().filter(r -> r.getCheck().getId().equals("consumer:" + routeId)).findFirst();
    }

    @Test
    void streamsWithPositionsCatchUpInTurnsWithinTheBudgetAndAreNotReadyUntilCaughtUp() throws Exception {
        List<String> markets = IntStream.range(0, ROUTES).mapToObj(i -> "s" + i + "_usdt").toList();
        simulator = ExchangeSimulator.builder().seed(19).quiet().limits(SimulatorLimits.none())
                .markets(markets.stream().map(m -> new MarketSpec(m, 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE,
                        new BigDecimal("100"))).toList())
                .build().start();
        MemoryStateRepository positions = new MemoryStateRepository();
        Map<String, Long> position = new ConcurrentHashMap<>();
        for (String market : markets) {
            simulator.exchange().recordHistoricalTrade(market, simulator.clock().millis(), new BigDecimal("100"),
                    new BigDecimal("0.01"), Side.BUY);
            position.put(market, simulator.exchange().lastTrade(market).tid());
            positions.setState("trades:" + market, Long.toString(position.get(market)));
            // Made while the routes were stopped: each route has three trades to catch up.
            for (int i = 0; i < 3; i++) {
                simulator.exchange().recordHistoricalTrade(market, simulator.clock().millis(), new BigDecimal("101"),
                        new BigDecimal("0.01"), Side.SELL);
            }
        }

        context = new DefaultCamelContext();
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(context);
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        context.getRegistry().bind("positions", positions);
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        context.getRegistry().bind("meters", meters);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        // The default budget, and a wait for a permit shorter than forty reads take: asking all at once, the last
        // ones could not get one.
        component.setMarketDataRequestsPerSecond(10);
        component.setRateLimitMaxWait(1_500);
        // As many threads as routes: only the turns keep the catch-ups from asking all at once.
        component.setStreamThreads(ROUTES);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        ExpectedFailures.unloggedIn(context);
        Map<String, List<Long>> received = new ConcurrentHashMap<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (String market : markets) {
                    List<Long> tids = received.computeIfAbsent(market, m -> new CopyOnWriteArrayList<>());
                    // The consumer's exception handler is Camel's default: a failure would be logged with its trace.
                    from("exchange:trades?market=" + market + "&streaming=true&stateRepository=#positions")
                            .routeId(market)
                            .process(e -> tids.add(e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class)));
                }
            }
        });

        AtomicBoolean sawCatchingUp = new AtomicBoolean();
        String log = ConsumerHealthTestSupport.capturingTheLog(() -> {
            context.start();
            Await.until(30, "every route caught up", () -> {
                Collection<HealthCheck.Result> checks = HealthCheckHelper.invokeReadiness(context);
                for (String market : markets) {
                    readiness(checks, market).filter(r -> r.getState() == HealthCheck.State.DOWN
                            && r.getMessage().orElse("").contains("catching up")).ifPresent(r -> sawCatchingUp.set(true));
                }
                return markets.stream().allMatch(m -> received.get(m).size() == 3)
                       && markets.stream().allMatch(m -> readiness(checks, m)
                        .filter(r -> r.getState() == HealthCheck.State.UP).isPresent());
            });
        });

        for (String market : markets) {
            assertThat(received.get(market)).as(market).containsExactly(position.get(market) + 1,
                    position.get(market) + 2, position.get(market) + 3);
        }
        assertThat(sawCatchingUp).as("a route waiting for its catch-up reads not ready, catching up").isTrue();
        assertThat(simulator.requestCount("trades")).as("one read per route").isEqualTo(ROUTES);

        // Every channel subscribed again at the same moment: every route catches up at once.
        String reconnectLog = ConsumerHealthTestSupport.capturingTheLog(() -> {
            simulator.streamFaults().dropAll();
            for (String market : markets) {
                simulator.exchange().recordHistoricalTrade(market, simulator.clock().millis(), new BigDecimal("102"),
                        new BigDecimal("0.01"), Side.BUY);
            }
            Await.until(30, "the trades made about the reconnect",
                    () -> markets.stream().allMatch(m -> received.get(m).size() == 4));
        });
        assertThat(simulator.requestCount("trades")).as("one more read per route").isEqualTo(2L * ROUTES);
        Timer refused = meters.find(MicrometerMetrics.PERMIT_WAIT).tag("outcome", "refused").timer();
        assertThat(refused == null ? 0 : refused.count()).as("requests refused a permit by the budget").isZero();
        assertThat((log + reconnectLog).lines().filter(l -> l.contains(" WARN ") || l.contains(" ERROR ")))
                .as("no catch-up failed").isEmpty();
    }
}
