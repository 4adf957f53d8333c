package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * What the cluster tests on one ZooKeeper start before each test and close after it: an in-process ZooKeeper,
 * the simulator (built as the test configures it) and the {@link ClusterResources} its instances hold.
 * Registered on an instance field:
 *
 * <pre>{@code
 * @RegisterExtension
 * final ClusterFixture cluster = new ClusterFixture(b -> b.seed(5).quiet().limits(SimulatorLimits.none()));
 * }</pre>
 *
 * <p>It starts before the class's own {@code @BeforeEach} methods and closes after its {@code @AfterEach}
 * methods (JUnit runs a BeforeEachCallback before, and an AfterEachCallback after, the user's set-up and
 * tear-down methods). A test that must stop something of its own before the instances close (a thread still
 * adding trades or placing orders) does that in an {@code @AfterEach} of its class.
 */
final class ClusterFixture implements BeforeEachCallback, AfterEachCallback {
    /** How often an instance's election watch looks: short, so that a test waits little for a rejoin. */
    static final Duration ELECTION_CHECK = Duration.ofMillis(200);

    private final UnaryOperator<ExchangeSimulator.Builder> simulatorConfiguration;
    private TestingServer zookeeper;
    private ExchangeSimulator simulator;
    private ClusterResources resources;

    /** {@code simulatorConfiguration} sets the simulator's builder up (seed, quiet, limits) before it is built. */
    ClusterFixture(UnaryOperator<ExchangeSimulator.Builder> simulatorConfiguration) {
        this.simulatorConfiguration = simulatorConfiguration;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        // New for each test, so that nothing a test left open is closed a second time by the next one.
        resources = new ClusterResources();
        zookeeper = new TestingServer(true);
        simulator = simulatorConfiguration.apply(ExchangeSimulator.builder()).build().start();
    }

    /**
     * The resources first: their contexts stop while ZooKeeper and the exchange still answer, so the exchanges
     * in flight complete and their last commits land (ClusterResources says in which order it closes what it
     * holds, and why). Then the simulator, then ZooKeeper. Each step runs even if one before it failed, and the
     * null checks cover a set-up that failed part way.
     */
    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        try {
            if (resources != null) {
                resources.close();
            }
        } finally {
            try {
                if (simulator != null) {
                    simulator.stop();
                }
            } finally {
                if (zookeeper != null) {
                    zookeeper.close();
                }
            }
        }
    }

    TestingServer zookeeper() {
        return zookeeper;
    }

    String connectString() {
        return zookeeper.getConnectString();
    }

    ExchangeSimulator simulator() {
        return simulator;
    }

    ClusterResources resources() {
        return resources;
    }

    /** A started Curator client on this ZooKeeper, retrying once after 100 ms; the resources close it. */
    CuratorFramework client() {
        return resources.started(CuratorFrameworkFactory.newClient(connectString(), new RetryOneTime(100)));
    }

    /**
     * One instance of the integration: a context with the cluster service on {@code client} and its
     * {@link MasterElectionWatch} (looking every {@link #ELECTION_CHECK}, as an instance in production would look
     * every few seconds), closed by the resources, and an exchange component aimed at the simulator. Routes and
     * beans are the test's.
     */
    DefaultCamelContext instance(String name, CuratorFramework client) throws Exception {
        DefaultCamelContext context = resources.context(ClusterTestSupport.clusteredContext(name, client));
        context.addService(new MasterElectionWatch(context.hasService(ZooKeeperClusterService.class), ELECTION_CHECK));
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        return context;
    }
}
