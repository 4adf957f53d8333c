package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A leader stopped gracefully (its context stopped) while a trade is in flight lets that trade finish and store its
 * position before anyone else can lead. Camel's shutdown stops a route's consumer before it waits for the exchange
 * in flight, and camel-master (Camel 4.18.0) lets go of the leadership before it stops the consumer it delegates
 * to: the next leader could read the position before the trade in flight stored it, and deliver it again. Here the
 * old leader's route holds one trade until the next leader has delivered one (at most {@link #HOLD}): it never
 * does, and what the two delivered together is the tape, once each, in order.
 */
class LeadershipReleasedFirstTest {
    private static final String MARKET = "btc_usdt";
    /** How long the old leader's route holds its trade: well beyond an election and a consumer's start here. */
    private static final int HOLD = 3;

    private record Delivery(String instance, long tid) {
    }

    private final List<Delivery> delivered = new CopyOnWriteArrayList<>();
    private final AtomicInteger added = new AtomicInteger();
    private final CountDownLatch holding = new CountDownLatch(1);
    private ScheduledExecutorService pump;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(7).quiet().limits(SimulatorLimits.none()));

    @AfterEach
    void stopAddingTrades() {
        if (pump != null) {
            pump.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"&streaming=true", "&delay=20"})
    void aTradeInFlightStoresItsPositionBeforeTheLeadershipMoves(String options) throws Exception {
        ClusterTestSupport.addTrade(cluster.simulator(), added.getAndIncrement());
        long start = cluster.simulator().exchange().lastTrade(MARKET).tid();
        String uri = "master:trades:exchange:trades?market=" + MARKET + options + "&stateRepository=#positions&since="
                     + start;
        DefaultCamelContext first = instance("first", uri);
        awaitUntil("the first instance leading", 30, () -> ClusterTestSupport.leads(first, "trades"));
        DefaultCamelContext second = instance("second", uri);
        pump = Executors.newSingleThreadScheduledExecutor();
        pump.scheduleWithFixedDelay(() -> ClusterTestSupport.addTrade(cluster.simulator(), added.getAndIncrement()), 0,
                10, TimeUnit.MILLISECONDS);
        assertThat(holding.await(30, TimeUnit.SECONDS)).as("the first instance holding a trade").isTrue();

        first.stop();
        awaitSingleLeader(List.of(second), c -> ClusterTestSupport.leads(c, "trades"));
        pump.shutdown();
        assertThat(pump.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        long last = cluster.simulator().exchange().lastTrade(MARKET).tid();
        awaitUntil("the last trade delivered", 30,
                () -> !delivered.isEmpty() && delivered.get(delivered.size() - 1).tid() >= last);

        List<Long> tape = cluster.simulator().tape(MARKET).stream().map(t -> t.tid()).filter(tid -> tid > start)
                .toList();
        assertThat(delivered.stream().map(Delivery::tid).toList()).as("the tape after the start, once each, in order")
                .containsExactlyElementsOf(tape);
        assertThat(count("second")).as("the second instance took over").isPositive();
    }

    private long count(String instance) {
        return delivered.stream().filter(d -> d.instance().equals(instance)).count();
    }

    /** One instance; the first holds its fifth trade in its route until the second delivered one. */
    private DefaultCamelContext instance(String name, String uri) throws Exception {
        DefaultCamelContext context = cluster.instance(name, cluster.client());
        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        context.getRegistry().bind("positions", cluster.resources().repository(
                new ZooKeeperStateRepository(cluster.connectString())));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId("trades").process(e -> {
                    delivered.add(new Delivery(name, e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class)));
                    if (name.equals("first") && count("first") == 5) {
                        holding.countDown();
                        awaitQuietly(() -> count("second") >= 1);
                    }
                });
            }
        });
        context.start();
        return context;
    }

    private static void awaitQuietly(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(HOLD);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }
}
