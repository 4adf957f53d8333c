package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three instances of one integration (three CamelContexts in this JVM, each with its own
 * {@link ZooKeeperClusterService}) run the same {@code master:} route on the trades consumer, with the position
 * in a {@link ZooKeeperStateRepository}. Trades keep arriving while the leader is taken down twice; what the
 * three delivered together must be the simulator's tape from the start on: in order, none twice, none missed,
 * the instances one after another, never two at once.
 *
 * <p>A leader is taken down by stopping its context while trades keep arriving. In Camel 4.18.0 camel-master
 * lets go of the leadership before it stops the consumer it delegates to, and Camel's shutdown stops a route's
 * consumer before it waits for the exchange in flight; the exchange component therefore lets the trade in flight
 * finish and store its position when the context starts stopping, before any route stops, and begins no other
 * (see LeadershipReleasedFirstTest, which holds that trade until a next leader could have read the position).
 * So no trade is delivered twice here.
 *
 * <p>In a real crash the old leader can die after its route delivered a trade but before the position was
 * committed; the new leader then delivers that trade again (at least once at a failover: at most the
 * exchange in flight when the process died). A sink that is idempotent on the trade id (the
 * {@code CamelExchangeTradeId} header: an upsert keyed on it, or Camel's idempotent consumer with a shared
 * repository) makes that exactly once. A leader cut off from ZooKeeper is another case: camel-master keeps
 * its consumer running, which {@link MasterRouteFence} stops (see SplitLeaderTest).
 */
class LeaderFailoverTest {
    private static final String MARKET = "btc_usdt";
    private static final int PER_LEADER = 15;

    private record Delivery(String instance, long tid) {
    }

    private record Instance(String name, CamelContext context) {
        boolean leads() {
            return ClusterTestSupport.leads(context, "trades");
        }
    }

    private final List<Delivery> delivered = new CopyOnWriteArrayList<>();
    private final List<Instance> instances = new ArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService pump;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(5).quiet().limits(SimulatorLimits.none()));

    /**
     * Stops adding trades if the test did not get to it. JUnit runs this before the fixture's tear-down, so the
     * thread is gone before the instances, the simulator and ZooKeeper close.
     */
    @AfterEach
    void stopAddingTrades() {
        if (pump != null) {
            pump.shutdownNow();
        }
    }

    @Test
    void pollingLeadersHandOverWithNoGapAndNoDuplicate() throws Exception {
        runFailovers("&delay=50");
    }

    @Test
    void streamingLeadersHandOverWithNoGapAndNoDuplicate() throws Exception {
        runFailovers("&streaming=true");
    }

    private void runFailovers(String options) throws Exception {
        addTrade();
        long start = cluster.simulator().exchange().lastTrade(MARKET).tid();
        String uri = "master:trades:exchange:trades?market=" + MARKET + options + "&stateRepository=#positions&exceptionHandler=#failures&since=" + start;
        for (int i = 1; i <= 3; i++) {
            instances.add(instance("instance-" + i, uri));
        }
        pump = Executors.newSingleThreadScheduledExecutor();
        pump.scheduleWithFixedDelay(this::addTrade, 0, 10, TimeUnit.MILLISECONDS);

        List<Instance> alive = new ArrayList<>(instances);
        for (int round = 0; round < 2; round++) {
            Instance leader = leaderDelivering(alive);
            crash(leader);
            alive.remove(leader);
        }
        leaderDelivering(alive);
        pump.shutdown();
        assertThat(pump.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        long last = cluster.simulator().exchange().lastTrade(MARKET).tid();
        awaitUntil("the last trade delivered", 30, () -> !delivered.isEmpty() && delivered.get(delivered.size() - 1).tid() >= last);
        List<Long> tape = cluster.simulator().tape(MARKET).stream().map(t -> t.tid()).filter(tid -> tid > start).toList();
        assertThat(delivered.stream().map(Delivery::tid).toList()).as("the tape after the start, once each, in order")
                .containsExactlyElementsOf(tape);

        assertThat(failures).as("only exchanges a stopping route refused (not delivered, not committed)")
                .allSatisfy(f -> assertThat(f).isInstanceOf(RejectedExecutionException.class));

        Set<String> turns = new LinkedHashSet<>();
        String previous = null;
        int changes = 0;
        for (Delivery delivery : delivered) {
            if (!delivery.instance().equals(previous)) {
                changes++;
                previous = delivery.instance();
            }
            turns.add(delivery.instance());
        }
        assertThat(turns).as("every instance led once").hasSize(3);
        assertThat(changes).as("one leader after another, never two at once").isEqualTo(3);

        ZooKeeperStateRepository reader = new ZooKeeperStateRepository(cluster.connectString());
        reader.start();
        try {
            assertThat(reader.getState("trades:" + MARKET)).as("the last commit").isEqualTo(Long.toString(last));
        } finally {
            reader.stop();
        }
    }

    private Instance instance(String name, String uri) throws Exception {
        CuratorFramework client = cluster.client();
        DefaultCamelContext context = cluster.instance(name, client);

        // Not a service of the context: camel-master's consumer does not make the context's stop wait for the
        // exchange in flight (see the class comment), so the repository must outlive the context to take
        // that exchange's commit. It is stopped after all contexts.
        ZooKeeperStateRepository positions = cluster.resources().repository(
                new ZooKeeperStateRepository(cluster.connectString()));
        context.getRegistry().bind("positions", positions);
        context.getRegistry().bind("failures", recorder);

        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId("trades")
                        .process(e -> delivered.add(new Delivery(name, e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class))));
            }
        });
        context.start();
        return new Instance(name, context);
    }

    /** Waits for the single leader among {@code alive} and for it to deliver a few trades of its own. */
    private Instance leaderDelivering(List<Instance> alive) throws InterruptedException {
        Instance leader = awaitSingleLeader(alive, Instance::leads);
        String name = leader.name();
        awaitUntil(name + " delivering", 30, () -> delivered.stream().filter(d -> d.instance().equals(name)).count() >= PER_LEADER);
        return leader;
    }

    /**
     * Stops the leader at once. Closing its cluster service's ZooKeeper client first, as a crash would, is not
     * done: in 4.18.0 the context's stop then leaves camel-master's delegate consumer running (the old leader
     * went on polling and delivering after its context said it had stopped: duplicates), so only a real
     * process death can show that case, and the multi-JVM example is for that.
     */
    private static void crash(Instance leader) {
        leader.context().stop();
    }

    /** What the consumers report instead of logging it, for the test to assert. */
    private final ExceptionHandler recorder = new ExceptionHandler() {
        @Override
        public void handleException(Throwable exception) {
            failures.add(exception);
        }

        @Override
        public void handleException(String message, Throwable exception) {
            failures.add(exception);
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            failures.add(exception);
        }
    };

    private final AtomicInteger added = new AtomicInteger();

    private void addTrade() {
        ClusterTestSupport.addTrade(cluster.simulator(), added.getAndIncrement());
    }
}
