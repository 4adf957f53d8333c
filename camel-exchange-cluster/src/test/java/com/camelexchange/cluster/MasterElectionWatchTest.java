package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.cluster.CamelClusterEventListener;
import org.apache.camel.cluster.CamelClusterView;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static com.camelexchange.cluster.ClusterTestSupport.MARKET;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static com.camelexchange.cluster.ClusterTestSupport.leads;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An election left while the view restarts: the view is stopped, and started again while its old turn is still
 * winding down (held there by a listener on Curator's thread), so that Curator ignores the requeue, as it does
 * when a master: route is stopped and started at once. The watch must bring the instance back into the election.
 */
class MasterElectionWatchTest {
    /** Quick restarts tried until one leaves the instance out of its election. */
    private static final int ATTEMPTS = 5;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(17).quiet().limits(SimulatorLimits.none()));

    @Test
    void anInstanceLeftOutOfItsElectionByAQuickRestartJoinsItAgain() throws Exception {
        CamelContext context = instance("instance-1");
        awaitUntil("leading", 30, () -> leads(context, "trades"));
        MasterElectionWatch watch = context.hasService(MasterElectionWatch.class);

        // Curator's election thread sometimes ends the old turn before the start's requeue all the same, and the
        // instance stays in the election by itself; the quick restart is repeated until it was left out once.
        for (int attempt = 1; attempt <= ATTEMPTS && watch.getRejoins() == 0; attempt++) {
            restartQuickly(context);
            long checked = watch.getChecks();
            awaitUntil("leading again", 30, () -> leads(context, "trades")
                    && (watch.getRejoins() > 0 || watch.getChecks() >= checked + 3));
        }

        assertThat(watch.getRejoins()).as("the watch's doing").isEqualTo(1);
        assertThat(leads(context, "trades")).as("leading again").isTrue();
    }

    /** Stops the view and starts it again while its old turn is held in its last event. */
    private static void restartQuickly(CamelContext context) throws Exception {
        ZooKeeperClusterService service = context.hasService(ZooKeeperClusterService.class);
        CamelClusterView view = service.getView("trades");
        OldTurnHold hold = new OldTurnHold(Thread.currentThread());
        view.addEventListener(hold);
        try {
            service.stopView("trades");
            assertThat(hold.entered.await(30, TimeUnit.SECONDS)).as("the old turn reached its last event").isTrue();
            service.startView("trades");
        } finally {
            hold.release.countDown();
        }
        view.removeEventListener(hold);
        service.releaseView(view);
    }

    @Test
    void aFollowerWaitingInTheElectionAndTheLeaderAreLeftAlone() throws Exception {
        List<CamelContext> instances = List.of(instance("instance-1"), instance("instance-2"));
        CamelContext leader = ClusterTestSupport.awaitSingleLeader(instances, c -> leads(c, "trades"));
        for (CamelContext instance : instances) {
            MasterElectionWatch watch = instance.hasService(MasterElectionWatch.class);
            long seen = watch.getChecks();
            awaitUntil("five more checks on " + instance.getName(), 30, () -> watch.getChecks() >= seen + 5);
        }

        for (CamelContext instance : instances) {
            assertThat(instance.hasService(MasterElectionWatch.class).getRejoins()).as(instance.getName()).isZero();
        }
        assertThat(instances).as("the same leader throughout").filteredOn(c -> leads(c, "trades"))
                .containsExactly(leader);
    }

    private CamelContext instance(String name) throws Exception {
        CamelContext context = cluster.instance(name, cluster.client());
        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:trades:exchange:trades?market=" + MARKET + "&delay=50").routeId("trades")
                        .log("${body}");
            }
        });
        context.start();
        return context;
    }

    /**
     * Holds Curator's election thread in the event it sends as the old turn ends, before the turn is over, so that
     * the view's start comes while the selector still counts the turn as queued. Events on the test's own thread
     * (the stop's) pass.
     */
    private static final class OldTurnHold implements CamelClusterEventListener.Leadership {
        private final Thread testThread;
        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);

        OldTurnHold(Thread testThread) {
            this.testThread = testThread;
        }

        @Override
        public void leadershipChanged(CamelClusterView view, org.apache.camel.cluster.CamelClusterMember leader) {
            if (Thread.currentThread() == testThread || entered.getCount() == 0) {
                return;
            }
            // The thread comes here interrupted (the stop interrupted its turn): wait regardless, then keep it so.
            boolean interrupted = Thread.interrupted();
            entered.countDown();
            try {
                while (true) {
                    try {
                        release.await();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
