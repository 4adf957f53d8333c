package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order events of one account behind {@code master:}, across three instances whose leader is stopped twice
 * while another program keeps placing orders on the account: each new order is reported once, by whichever
 * instance leads, never by two, and none is missed; the watch state each leader commits to ZooKeeper is what
 * the next one resumes from.
 */
class OrderEventsFailoverTest {
    private static final String MARKET = "btc_usdt";
    private static final int PER_LEADER = 10;

    private record Event(String instance, String orderId, String type) {
    }

    private record Instance(String name, CamelContext context) {
        boolean leads() {
            return ClusterTestSupport.leads(context, "orders");
        }
    }

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final Set<String> placed = ConcurrentHashMap.newKeySet();
    private final List<Instance> instances = new ArrayList<>();
    private ScheduledExecutorService otherProgram;
    private User alice;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(3).quiet());

    /** JUnit runs this after the fixture's set-up: the simulator has started. */
    @BeforeEach
    void createAlice() {
        cluster.simulator().createAccount("alice", "alice-secret");
        alice = cluster.simulator().exchange().key("alice").user();
    }

    /**
     * Stops placing orders if the test did not get to it. JUnit runs this before the fixture's tear-down, so the
     * thread is gone before the instances, the simulator and ZooKeeper close.
     */
    @AfterEach
    void stopPlacingOrders() {
        if (otherProgram != null) {
            otherProgram.shutdownNow();
        }
    }

    @Test
    void eachNewOrderIsReportedOnceByWhicheverInstanceLeads() throws Exception {
        long listings = cluster.simulator().requestCount("getOrdersIgnoreTradeType");
        for (int i = 1; i <= 3; i++) {
            instances.add(instance("instance-" + i));
        }
        // The first leader's first poll takes the baseline: orders placed after it are new.
        awaitUntil("the first poll", 30, () -> cluster.simulator().requestCount("getOrdersIgnoreTradeType") > listings);
        otherProgram = Executors.newSingleThreadScheduledExecutor();
        otherProgram.scheduleWithFixedDelay(this::placeAnOrder, 0, 20, TimeUnit.MILLISECONDS);

        List<Instance> alive = new ArrayList<>(instances);
        for (int round = 0; round < 2; round++) {
            Instance leader = leaderReporting(alive);
            leader.context().stop();
            alive.remove(leader);
        }
        leaderReporting(alive);
        otherProgram.shutdown();
        assertThat(otherProgram.awaitTermination(10, TimeUnit.SECONDS)).isTrue();

        awaitUntil("every placed order reported", 30, () -> newOrders().containsAll(placed));
        List<String> reported = events.stream().filter(e -> e.type().equals("NEW")).map(Event::orderId).toList();
        assertThat(reported).as("each new order once").doesNotHaveDuplicates();
        assertThat(Set.copyOf(reported)).as("the orders the other program placed, no more")
                .isEqualTo(placed);
        assertThat(events.stream().map(Event::instance).distinct()).as("every instance led").hasSize(3);
    }

    private Set<String> newOrders() {
        return events.stream().filter(e -> e.type().equals("NEW")).map(Event::orderId).collect(Collectors.toSet());
    }

    private void placeAnOrder() {
        placed.add(Long.toString(cluster.simulator().exchange().place(alice,
                OrderCommand.limit(MARKET, Side.BUY, new BigDecimal("1000"), new BigDecimal("0.001"))).id()));
    }

    private Instance instance(String name) throws Exception {
        CuratorFramework client = cluster.client();
        DefaultCamelContext context = cluster.instance(name, client);
        // Outlives the context, as in LeaderFailoverTest: the stopped leader's last commit still lands.
        ZooKeeperStateRepository state = cluster.resources().repository(new ZooKeeperStateRepository(client));
        context.getRegistry().bind("state", state);

        ExchangeComponent exchange = context.getComponent("exchange", ExchangeComponent.class);
        exchange.getConfiguration().setAccessKey("alice");
        exchange.getConfiguration().setSecretKey("alice-secret");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:orders:exchange:orders?market=" + MARKET + "&delay=50&stateRepository=#state")
                        .routeId("orders")
                        .process(e -> events.add(new Event(name,
                                e.getMessage().getHeader(ExchangeConstants.ORDER_ID, String.class),
                                e.getMessage().getHeader(ExchangeConstants.ORDER_EVENT, String.class))));
            }
        });
        context.start();
        return new Instance(name, context);
    }

    private Instance leaderReporting(List<Instance> alive) throws InterruptedException {
        Instance leader = awaitSingleLeader(alive, Instance::leads);
        String name = leader.name();
        awaitUntil(name + " reporting", 30, () -> events.stream().filter(e -> e.instance().equals(name)).count() >= PER_LEADER);
        return leader;
    }
}
