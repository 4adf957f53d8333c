package com.camelexchange.examples.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example's run as a test: three instances in JVMs of their own on one ZooKeeper, the leader killed with
 * SIGKILL twice (and started again), orders from four routes on each instance on one key all along. Every
 * figure comes from the exchange's tape and counters or from the shared store.
 */
class ClusterRunTest {

    /** A guard against a run that hangs: it takes one to two minutes. */
    @Test
    @Timeout(240)
    void threeInstancesLoseNoTradeRepeatNoneAndShareTheKeysBudget() throws Exception {
        ClusterSummary summary = new ClusterRun(new ClusterRun.Settings(2, 20, Path.of("target", "cluster-test")),
                System.out).run();
        System.out.println(summary.line());

        // One change of writer per kill, no more: two leaders at once would interleave in the store.
        assertThat(summary.failovers()).as("the store's writer changed at each kill, and only then").isEqualTo(2);
        assertThat(summary.trades()).as("trades on the tape during the run").isPositive();
        assertThat(summary.gaps()).as("tape trades the store lacks").isZero();
        assertThat(summary.duplicates()).as("trades stored twice").isZero();
        assertThat(summary.mismatched()).as("stored trades unlike the tape").isZero();
        assertThat(summary.rejected4002()).as("4002 replies").isZero();
        assertThat(summary.rejected4001()).as("4001 replies").isZero();
        assertThat(summary.faults()).as("what the demo would report and fail on").isEmpty();
        assertThat(summary.orderRate()).as("share of the key's 60 orders a second the three used together")
                .isGreaterThanOrEqualTo(ClusterSummary.MIN_ORDER_RATE);
    }
}
