package com.camelexchange.cluster;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.SimulatorAccount;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.RetryPolicy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three instances (three CamelContexts, each with its own ZooKeeper client and {@link ZooKeeperRateBudgets})
 * place a fixed number of orders on one key from four routes each, as fast as they are let. What is asserted is
 * what happened, never how fast: the exchange (the simulator, enforcing 60 a second per key in any sliding second)
 * refuses none of them, every order is placed once, and the shared budget never let more than 60 requests meet
 * one second, as the routes saw their permits handed out and given back. With budgets of their own, each
 * instance would spend the whole 60 a second and all three checks would fail. How much of the budget the
 * instances use together is a figure, not a verdict: the benchmarks' {@code shared-budget} section prints it.
 */
class SharedRateBudgetTest {
    private static final int INSTANCES = 3;
    private static final int ROUTES = 4;
    /** 180 orders in all: three seconds of the key's budget, so the budget is the limit, not the routes. */
    private static final int ORDERS_PER_ROUTE = 15;
    private static final int PER_KEY = 60;
    private static final Duration KEY_WINDOW = Duration.ofSeconds(1);

    private final List<CamelContext> contexts = new ArrayList<>();
    private final List<CuratorFramework> clients = new ArrayList<>();
    private final List<ZooKeeperRateBudgets> budgets = new ArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    /** The key's shared budget as all three instances' routes used it. */
    private final PermitLog keyPermits = new PermitLog();

    /** ZooKeeper and the simulator only: the instances here are closed by {@link #stop()}, not by its resources. */
    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(7).quiet());

    /**
     * The contexts, then the budgets, then the clients: a budget's close waits for the replies already in to
     * let their permits go, through its client, so the clients close after it. ClusterResources has no place for
     * budgets between contexts and clients, so this stays here; JUnit runs it before the fixture stops the
     * simulator and ZooKeeper.
     */
    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
        budgets.forEach(ZooKeeperRateBudgets::close);
        clients.forEach(CuratorFramework::close);
    }

    @Test
    void threeInstancesOnOneKeyMeetNoRefusalPlaceEveryOrderOnceAndKeepToTheBudget() throws Exception {
        SimulatorAccount alice = cluster.simulator().createAccount("alice", "alice-secret");
        List<ProducerTemplate> templates = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            templates.add(instance().createProducerTemplate());
        }
        ExecutorService routes = Executors.newFixedThreadPool(INSTANCES * ROUTES);
        List<Future<List<Exchange>>> sent = new ArrayList<>();
        OrderRequest order = OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001");
        for (ProducerTemplate template : templates) {
            for (int r = 0; r < ROUTES; r++) {
                String route = "direct:r" + r;
                sent.add(routes.submit(() -> {
                    List<Exchange> replies = new ArrayList<>();
                    for (int i = 0; i < ORDERS_PER_ROUTE; i++) {
                        replies.add(template.send(route, e -> e.getMessage().setBody(order)));
                    }
                    return replies;
                }));
            }
        }
        routes.shutdown();
        // A ceiling for a hung run, not a pace: at 60 a second the 180 orders take three seconds.
        assertThat(routes.awaitTermination(120, TimeUnit.SECONDS)).as("every route placed its orders").isTrue();

        Set<String> ids = new HashSet<>();
        Set<String> customerIds = new HashSet<>();
        for (Future<List<Exchange>> route : sent) {
            for (Exchange reply : route.get()) {
                if (reply.getException() != null) {
                    failures.add(reply.getException());
                    continue;
                }
                ids.add(reply.getMessage().getBody(PlacedOrder.class).id());
                customerIds.add(reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class));
            }
        }
        int orders = INSTANCES * ROUTES * ORDERS_PER_ROUTE;
        assertThat(failures).as("no call refused or failed").isEmpty();
        assertThat(cluster.simulator().errorReplyCount(4002)).as("4002 replies").isZero();
        assertThat(cluster.simulator().errorReplyCount(4001)).as("4001 replies").isZero();
        assertThat(ids).as("one order per message, each its own").hasSize(orders);
        assertThat(customerIds).as("one customerOrderId per message").hasSize(orders);
        assertThat(alice.orderCount("btc_usdt")).as("the exchange holds each order once, no more").isEqualTo(orders);

        assertThat(keyPermits.spans()).as("one permit of the key's budget per order").hasSize(orders);
        assertThat(keyPermits.mostInOneWindow(KEY_WINDOW))
                .as("the most requests the exchange could count in one second: those whose permit, from when it was"
                    + " handed out to when it was given back, meets that second")
                .isLessThanOrEqualTo(PER_KEY);
        System.out.printf("shared budget: %d orders, at most %d in one second of the %d allowed%n", orders,
                keyPermits.mostInOneWindow(KEY_WINDOW), PER_KEY);
    }

    /**
     * Refused at once, not after Curator's retries: this client would wait ten minutes for the connection and
     * ten more before each retry, so only a refusal that asks nothing of Curator comes within the timeout.
     */
    @Test
    @Timeout(60)
    void withoutZooKeeperACallIsRefusedUnsentAtOnce() throws Exception {
        cluster.simulator().createAccount("alice", "alice-secret");
        int tenMinutes = (int) TimeUnit.MINUTES.toMillis(10);
        ProducerTemplate template = instance(tenMinutes, new RetryNTimes(5, tenMinutes)).createProducerTemplate();
        OrderRequest order = OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001");
        assertThat(template.send("direct:r0", e -> e.getMessage().setBody(order)).getException()).isNull();
        long sent = cluster.simulator().requestCount("order");
        // Waits for the reply of that order to be recorded, so that no write is under way when ZooKeeper goes
        // (it would wait out the retries above on the releases thread). The budgets work on: a closed one
        // records replies on the caller's thread.
        budgets.get(0).close();

        cluster.zookeeper().stop();
        CuratorFramework client = clients.get(0);
        awaitUntil("the client to see the connection lost", 30, () -> !client.getZookeeperClient().isConnected());
        Exchange refused = template.send("direct:r0", e -> e.getMessage().setBody(order));
        assertThat(refused.getException()).isInstanceOf(ExchangeRateLimitException.class)
                .hasMessageContaining("cannot be reached: not connected");
        assertThat(cluster.simulator().requestCount("order")).as("nothing sent without the shared budget").isEqualTo(sent);
    }

    private CamelContext instance() throws Exception {
        return instance(1_000, new RetryOneTime(100));
    }

    private CamelContext instance(int connectionTimeoutMillis, RetryPolicy retryPolicy) throws Exception {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(cluster.connectString())
                .connectionTimeoutMs(connectionTimeoutMillis).retryPolicy(retryPolicy).build();
        client.start();
        clients.add(client);
        // Budgeted calls are refused while the client is not connected: the routes start once it is.
        assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).as("connected to ZooKeeper").isTrue();
        // One JVM, one clock: no tolerance for clocks that disagree.
        ZooKeeperRateBudgets shared = new ZooKeeperRateBudgets(client, ZooKeeperRateBudgets.DEFAULT_BASE_PATH,
                Duration.ZERO);
        budgets.add(shared);

        DefaultCamelContext context = new DefaultCamelContext();
        ExchangeComponent exchange = context.getComponent("exchange", ExchangeComponent.class);
        exchange.getConfiguration().setBaseUrl(cluster.simulator().baseUrl());
        exchange.getConfiguration().setApiVariant(ApiVariant.A);
        exchange.getConfiguration().setAccessKey("alice");
        exchange.getConfiguration().setSecretKey("alice-secret");
        exchange.setRateBudgets(keyPermits.around(shared));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // Failures go back to the test's calls, which assert them, unlogged.
                errorHandler(noErrorHandler());
                for (int r = 0; r < ROUTES; r++) {
                    from("direct:r" + r).to("exchange:order");
                }
            }
        });
        context.start();
        contexts.add(context);
        return context;
    }

    /**
     * The permits of the key's budget, each from when {@code acquire} returned to when the route closed it: the
     * request went out and its reply came back within that span, so the exchange counted it at some instant of it.
     * Recorded from inside the budget's own span (after it granted, before it is told of the close), so a
     * span here is never longer than the budget's.
     */
    private static final class PermitLog {
        record Span(long grantedNanos, long closedNanos) {
        }

        private final List<Span> spans = new CopyOnWriteArrayList<>();

        /** {@code budgets}, with the key's budget (the per-key scope of variant A) recording here. */
        RateBudgets around(RateBudgets budgets) {
            return (id, label, permits, window) -> {
                RateBudget budget = budgets.budget(id, label, permits, window);
                return id.contains("/key/") ? new Recording(budget) : budget;
            };
        }

        List<Span> spans() {
            return spans;
        }

        /**
         * The most spans that meet one window of {@code window}. Of spans that all meet one window, the one granted
         * last was granted at most a window after each of the others closed; so it is enough to count, for each
         * span, the spans granted no later whose close is no more than a window before its grant.
         */
        int mostInOneWindow(Duration window) {
            long w = window.toNanos();
            int most = 0;
            for (Span last : spans) {
                int meeting = 0;
                for (Span other : spans) {
                    if (other.grantedNanos() <= last.grantedNanos() && other.closedNanos() >= last.grantedNanos() - w) {
                        meeting++;
                    }
                }
                most = Math.max(most, meeting);
            }
            return most;
        }

        private final class Recording implements RateBudget {
            private final RateBudget budget;

            Recording(RateBudget budget) {
                this.budget = budget;
            }

            @Override
            public Held acquire(Duration maxWait, Duration maxHold) {
                Held held = budget.acquire(maxWait, maxHold);
                long granted = System.nanoTime();
                return () -> {
                    spans.add(new Span(granted, System.nanoTime()));
                    held.close();
                };
            }

            @Override
            public void pause(Duration duration, String reason) {
                budget.pause(duration, reason);
            }

            @Override
            public String label() {
                return budget.label();
            }

            @Override
            public int inUse() {
                return budget.inUse();
            }
        }
    }
}
