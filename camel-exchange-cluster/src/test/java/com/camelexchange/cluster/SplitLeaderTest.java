package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static com.camelexchange.cluster.ClusterTestSupport.clusteredContext;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A split: three ZooKeeper servers, each instance connected to one of them only, and the leader's server killed.
 * The leader is cut off while the other two keep a quorum and elect a new leader once its session expires. With
 * the {@link MasterRouteFence} the cut-off leader stops consuming as soon as its connection is suspended, so the
 * two never consume at the same time; the new leader resumes from the last position that reached ZooKeeper, and
 * no trade is missed. (Without the fence, Camel 4.18.0's cut-off leader goes on consuming next to the new one.)
 * Each instance also has its {@link MasterElectionWatch}, as in production.
 */
class SplitLeaderTest {
    private static final String MARKET = "btc_usdt";
    private static final int PER_LEADER = 15;

    private record Delivery(String instance, long tid) {
    }

    private record Instance(String name, InstanceSpec server, CamelContext context) {
        boolean leads() {
            return ClusterTestSupport.leads(context, "trades");
        }
    }

    private final List<Delivery> delivered = new CopyOnWriteArrayList<>();
    private final List<Instance> instances = new ArrayList<>();
    private final ClusterResources resources = new ClusterResources();
    private final AtomicInteger added = new AtomicInteger();
    private TestingCluster zookeeper;
    private ExchangeSimulator simulator;
    private ScheduledExecutorService pump;

    @BeforeEach
    void start() throws Exception {
        zookeeper = new TestingCluster(3);
        zookeeper.start();
        simulator = ExchangeSimulator.builder().seed(9).quiet().limits(SimulatorLimits.none()).build().start();
    }

    @AfterEach
    void stop() throws Exception {
        if (pump != null) {
            pump.shutdownNow();
        }
        resources.close();
        simulator.stop();
        zookeeper.close();
    }

    @Test
    void aLeaderCutOffFromZooKeeperStopsBeforeAnotherIsElected() throws Exception {
        addTrade();
        long start = simulator.exchange().lastTrade(MARKET).tid();
        List<InstanceSpec> servers = new ArrayList<>(zookeeper.getInstances());
        for (int i = 0; i < 3; i++) {
            instances.add(instance("instance-" + (i + 1), servers.get(i), start));
        }
        pump = Executors.newSingleThreadScheduledExecutor();
        pump.scheduleWithFixedDelay(this::addTrade, 0, 10, TimeUnit.MILLISECONDS);

        Instance cutOff = leaderDelivering(instances);
        zookeeper.killServer(cutOff.server());
        List<Instance> others = new ArrayList<>(instances);
        others.remove(cutOff);
        Instance next = leaderDelivering(others);
        pump.shutdown();
        assertThat(pump.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        long last = simulator.exchange().lastTrade(MARKET).tid();
        awaitUntil("the last trade delivered", 60, () -> delivered.stream().anyMatch(d -> d.tid() == last));

        int firstOfNext = 0;
        while (!delivered.get(firstOfNext).instance().equals(next.name())) {
            firstOfNext++;
        }
        assertThat(delivered.subList(firstOfNext, delivered.size())).as("after the new leader began, only it delivered")
                .allSatisfy(d -> assertThat(d.instance()).isEqualTo(next.name()));
        List<Long> tape = simulator.tape(MARKET).stream().map(t -> t.tid()).filter(tid -> tid > start).toList();
        assertThat(delivered.stream().map(Delivery::tid).distinct().toList()).as("every trade, in order")
                .containsExactlyElementsOf(tape);
        // What the cut-off leader delivered after its last commit reached ZooKeeper comes again: an idempotent
        // sink absorbs it. It is at most what it handled between the cut and the fence.
        assertThat(delivered.size() - tape.size()).as("trades delivered twice").isLessThanOrEqualTo(5);
    }

    private Instance instance(String name, InstanceSpec server, long since) throws Exception {
        // Without the ensemble tracker: Curator's default learns every server of the ensemble from ZooKeeper and
        // reconnects to one of the others, so the leader would not stay cut off and could be elected again.
        CuratorFramework client = resources.started(CuratorFrameworkFactory.builder().connectString(server.getConnectString())
                .ensembleTracker(false).sessionTimeoutMs(3_000).connectionTimeoutMs(1_000)
                .retryPolicy(new RetryOneTime(100)).build());
        DefaultCamelContext context = resources.context(clusteredContext(name, client));
        context.addService(new MasterRouteFence(client));
        // As the starter and the cluster example set an instance up: when the killed server led the ensemble, the
        // others' connections are suspended too, their fences stop and start their routes at once, and without the
        // watch such a route can stay started outside its election (no leader at all).
        context.addService(new MasterElectionWatch(context.hasService(ZooKeeperClusterService.class),
                Duration.ofSeconds(1)));
        ZooKeeperStateRepository positions = resources.repository(new ZooKeeperStateRepository(client));
        positions.setSyncTimeout(Duration.ofSeconds(2));
        context.getRegistry().bind("positions", positions);

        ExchangeComponent exchange = context.getComponent("exchange", ExchangeComponent.class);
        exchange.getConfiguration().setBaseUrl(simulator.baseUrl());
        exchange.setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:trades:exchange:trades?market=" + MARKET + "&delay=50&stateRepository=#positions&since="
                     + since).routeId("trades")
                        .process(e -> delivered.add(new Delivery(name,
                                e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class))));
            }
        });
        context.start();
        return new Instance(name, server, context);
    }

    private Instance leaderDelivering(List<Instance> candidates) throws InterruptedException {
        Instance leader = awaitSingleLeader(candidates, Instance::leads);
        String name = leader.name();
        awaitUntil(name + " delivering", 60, () -> delivered.stream().filter(d -> d.instance().equals(name)).count() >= PER_LEADER);
        return leader;
    }

    private void addTrade() {
        ClusterTestSupport.addTrade(simulator, added.getAndIncrement());
    }
}
