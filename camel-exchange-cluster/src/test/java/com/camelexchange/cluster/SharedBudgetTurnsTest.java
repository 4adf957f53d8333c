package com.camelexchange.cluster;

import com.camelexchange.client.budget.Held;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The callers of one JVM that wait for a shared budget get their permits in the order they asked, and only the
 * first of them reads ZooKeeper meanwhile: the others wait in line, so a hundred blocked routes do not each ask
 * ZooKeeper every few milliseconds.
 */
class SharedBudgetTurnsTest {
    private static final int CALLERS = 8;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.quiet());

    @Test
    void callersBlockedByACallInFlightGetTheirPermitsInTheOrderTheyAsked() throws Exception {
        CuratorFramework client = cluster.client();
        assertThat(client.blockUntilConnected(30, TimeUnit.SECONDS)).as("connected to ZooKeeper").isTrue();
        try (ZooKeeperRateBudgets budgets = new ZooKeeperRateBudgets(client, "/turns", Duration.ZERO)) {
            ZooKeeperRateBudget budget = (ZooKeeperRateBudget) budgets.budget("key", "the key's budget", 1,
                    Duration.ofMillis(10));
            Duration wait = Duration.ofSeconds(30);
            Duration hold = Duration.ofSeconds(30);
            // One call in flight blocks the budget until its reply.
            Held inFlight = budget.acquire(wait, hold);

            List<Integer> served = new CopyOnWriteArrayList<>();
            ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
            List<Future<?>> calls = new ArrayList<>();
            try {
                for (int i = 0; i < CALLERS; i++) {
                    int caller = i;
                    calls.add(callers.submit(() -> {
                        try (Held permit = budget.acquire(wait, hold)) {
                            served.add(caller);
                        }
                        return null;
                    }));
                    // The first caller reads the budget (its turn); each later one is in line before the next asks.
                    awaitUntil("caller " + caller + " in line", 30, () -> budget.asking() == caller + 1);
                }
                inFlight.close();
                for (Future<?> call : calls) {
                    call.get(30, TimeUnit.SECONDS);
                }
            } finally {
                callers.shutdownNow();
                assertThat(callers.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(served).as("permits in the order asked").containsExactlyElementsOf(
                    IntStream.range(0, CALLERS).boxed().toList());
        }
    }
}
