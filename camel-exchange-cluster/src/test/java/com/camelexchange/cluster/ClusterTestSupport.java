package com.camelexchange.cluster;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.component.master.MasterConsumer;
import org.apache.camel.component.zookeeper.ZooKeeperCuratorConfiguration;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.framework.CuratorFramework;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/** What the failover tests share: an instance's context on a cluster service, who leads, trades, a bounded wait. */
final class ClusterTestSupport {
    static final String MARKET = "btc_usdt";

    private ClusterTestSupport() {
    }

    /**
     * A context named {@code name} with camel-zookeeper's cluster service on {@code client}, under
     * {@code /camel-exchange/cluster}. The client is the test's (the service does not hand out a client it created
     * itself: getCuratorFramework() answers only a given one), given through a configuration (the setter needs
     * one, which the no-argument constructor only makes at init). The service is added before any route:
     * camel-master looks it up among the context's services.
     */
    static DefaultCamelContext clusteredContext(String name, CuratorFramework client) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        context.getCamelContextExtension().setName(name);
        ZooKeeperCuratorConfiguration configuration = new ZooKeeperCuratorConfiguration();
        configuration.setCuratorFramework(client);
        configuration.setBasePath("/camel-exchange/cluster");
        ZooKeeperClusterService cluster = new ZooKeeperClusterService(configuration);
        cluster.setId(name);
        context.addService(cluster);
        return context;
    }

    /** Whether the context's {@code master:} route {@code routeId} runs its consumer as the leader. */
    static boolean leads(CamelContext context, String routeId) {
        Route route = context.getRoute(routeId);
        return route != null && route.getConsumer() instanceof MasterConsumer master && master.isMaster();
    }

    /** The one candidate that leads, once exactly one does. */
    static <T> T awaitSingleLeader(List<T> candidates, Predicate<T> leads) throws InterruptedException {
        Object[] leader = new Object[1];
        awaitUntil("a single leader", 30, () -> {
            List<T> leaders = candidates.stream().filter(leads).toList();
            leader[0] = leaders.size() == 1 ? leaders.get(0) : null;
            return leader[0] != null;
        });
        @SuppressWarnings("unchecked")
        T found = (T) leader[0];
        return found;
    }

    /** One trade on the simulator's tape, as the market would make it; {@code i} varies price and side. */
    static void addTrade(ExchangeSimulator simulator, int i) {
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal(65000 + i % 7),
                new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
    }

    /** Polls what the running routes make true; fails after {@code seconds}. */
    static void awaitUntil(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
