package com.camelexchange.springboot;

import com.camelexchange.cluster.MasterElectionWatch;
import com.camelexchange.cluster.MasterRouteFence;
import com.camelexchange.cluster.ZooKeeperRateBudgets;
import com.camelexchange.cluster.ZooKeeperStateRepository;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.master.MasterConsumer;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster auto-configuration in a real application: an in-process ZooKeeper, the simulator, and a
 * {@code master:} route on the trades consumer with its position in {@code #exchangePositions}. The component
 * takes the shared rate budgets by itself, this node is elected, delivers the trades, and its position lands in
 * ZooKeeper where another instance would read it. Spring Boot starts Camel itself, as in an application (no
 * {@code @CamelSpringBootTest}, whose listener would start the CamelContext on its own terms).
 */
@SpringBootTest(classes = { StarterTestApplication.class, ExchangeClusterAutoConfigurationTest.ClusterRoutes.class },
                properties = {
                        "spring.application.name=cluster-test",
                        // The application's order route needs keys to start; this test places no order.
                        "camel.component.exchange.access-key=cluster-test-access",
                        "camel.component.exchange.secret-key=cluster-test-secret",
                        "camel.exchange.cluster.zookeeper.session-timeout=6s",
                        // The in-process server and the clients talk a lot at INFO, and warn with stack traces
                        // whenever a connection closes.
                        "logging.level.org.apache.zookeeper=ERROR",
                        "logging.level.org.apache.curator=ERROR",
                        // camel-zookeeper's view warns on every stop that its wait for leadership was interrupted.
                        "logging.level.org.apache.camel.support.task.ForegroundTask=ERROR" })
@DirtiesContext
class ExchangeClusterAutoConfigurationTest {
    private static final String MARKET = "btc_usdt";
    private static final List<Long> DELIVERED = new CopyOnWriteArrayList<>();
    private static final ExchangeSimulator SIMULATOR = ExchangeSimulator.builder().seed(11).quiet().build().start();
    /** The trade the route starts after, and the two it must deliver. */
    private static final long START = addTrade(0);
    private static final long FIRST = addTrade(1);
    private static final long SECOND = addTrade(2);
    private static TestingServer zookeeper;

    /** Called while the test context is prepared: the server runs before the application starts. */
    @DynamicPropertySource
    static void cluster(DynamicPropertyRegistry registry) throws Exception {
        if (zookeeper == null) {
            zookeeper = new TestingServer(true);
        }
        String connectString = zookeeper.getConnectString();
        registry.add("camel.exchange.cluster.zookeeper.connect-string", () -> connectString);
        registry.add("camel.component.exchange.base-url", SIMULATOR::baseUrl);
    }

    /** The routes of one instance of a clustered integration, and the test's servers tied to its lifecycle. */
    @Configuration(proxyBeanMethods = false)
    static class ClusterRoutes {
        /**
         * The in-process ZooKeeper, closed with the application: after Camel has stopped (leaving the election)
         * and after the shared client is closed, since that client is made to depend on it.
         */
        @Bean(destroyMethod = "close")
        TestingServer testingZooKeeper() {
            return zookeeper;
        }

        @Bean
        static BeanFactoryPostProcessor sharedClientAfterTestingZooKeeper() {
            return beanFactory -> beanFactory.getBeanDefinition("exchangeCuratorFramework").setDependsOn("testingZooKeeper");
        }

        /** The simulator, stopped with the application: after Camel has stopped polling it. */
        @Bean(destroyMethod = "stop")
        ExchangeSimulator clusterTestSimulator() {
            return SIMULATOR;
        }

        @Bean
        RouteBuilder clusteredTrades() {
            return new RouteBuilder() {
                @Override
                public void configure() {
                    from("master:trades:exchange:trades?market=" + MARKET + "&stateRepository=#exchangePositions"
                         + "&delay=100&since=" + START).routeId("trades")
                            .process(e -> DELIVERED.add(e.getMessage().getHeader(ExchangeConstants.TRADE_ID, Long.class)));
                }
            };
        }
    }

    @Autowired
    CamelContext camelContext;
    @Autowired
    ZooKeeperRateBudgets rateBudgets;
    @Autowired
    ExchangeClusterLeadership leadership;
    @Autowired
    CuratorFramework curator;

    @Test
    void theComponentUsesTheSharedRateBudgets() {
        ExchangeComponent component = camelContext.getComponent("exchange", ExchangeComponent.class);
        assertThat(component.getRateBudgets()).as("autowired by type").isSameAs(rateBudgets);
        assertThat(rateBudgets.getBasePath()).isEqualTo("/camel-exchange/rate");
    }

    @Test
    void theClusterServiceRunsInTheContextAndThisNodeLeads() throws Exception {
        ZooKeeperClusterService service = camelContext.hasService(ZooKeeperClusterService.class);
        assertThat(service).isSameAs(leadership.getClusterService());
        assertThat(service.isStarted()).isTrue();
        assertThat(service.getCuratorFramework()).as("the shared client").isSameAs(curator);
        assertThat(service.getId()).as("spring.application.name and a random suffix").matches("cluster-test-[0-9a-f]{8}");
        MasterRouteFence fence = camelContext.hasService(MasterRouteFence.class);
        assertThat(fence).as("master: routes stop while the connection is suspended").isNotNull();
        assertThat(fence.isStarted()).isTrue();
        MasterElectionWatch watch = camelContext.hasService(MasterElectionWatch.class);
        assertThat(watch).as("a master: route restarted at once rejoins its election").isNotNull();
        assertThat(watch.isStarted()).isTrue();

        awaitUntil("this node leads the trades route", () -> {
            Route route = camelContext.getRoute("trades");
            return route.getConsumer() instanceof MasterConsumer master && master.isMaster();
        });
        assertThat(curator.getChildren().forPath("/camel-exchange/cluster/trades")).as("the election's nodes").isNotEmpty();
    }

    @Test
    void aDeliveredTradeCommitsItsPositionIntoZooKeeper() throws Exception {
        awaitUntil("both trades delivered", () -> DELIVERED.size() >= 2);
        assertThat(DELIVERED).as("the trades after the start, once each, in order").containsExactly(FIRST, SECOND);

        // Read back as another instance would: its own client, the default positions path.
        ZooKeeperStateRepository reader = new ZooKeeperStateRepository(zookeeper.getConnectString(),
                "/camel-exchange/state");
        reader.start();
        try {
            awaitUntil("the position committed", () -> Long.toString(SECOND).equals(reader.getState("trades:" + MARKET)));
        } finally {
            reader.stop();
        }
        assertThat(curator.getChildren().forPath("/camel-exchange/rate"))
                .as("the polls spent the shared market-data budget").isNotEmpty();
    }

    private static long addTrade(int i) {
        SIMULATOR.exchange().recordHistoricalTrade(MARKET, SIMULATOR.clock().millis(), new BigDecimal(65000 + i),
                new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        return SIMULATOR.exchange().lastTrade(MARKET).tid();
    }

    /** Polls what the running application makes true; fails after thirty seconds. */
    private static void awaitUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(20);
        }
    }
}
