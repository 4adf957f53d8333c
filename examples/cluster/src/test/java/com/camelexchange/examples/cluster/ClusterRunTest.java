package com.camelexchange.examples.cluster;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example's run as a test: three instances in JVMs of their own on one ZooKeeper, the leader killed with
 * SIGKILL twice (and started again), orders from four routes on each instance on one key all along. Every
 * figure comes from the exchange's tape and counters, from the shared store or from the orders the instances wrote
 * down. It asserts what happened, not how fast: the share of the key's budget the three used is printed (the
 * run's {@code orders:} line) and read as a figure (benchmarks/README.md), since the run's own four JVMs load two
 * cores. Tagged {@code soak}: a minute or two of several JVMs.
 */
@Tag("soak")
class ClusterRunTest {

    /** A guard against a run that hangs: it takes one to two minutes on a quiet machine. */
    @Test
    @Timeout(600)
    void threeInstancesLoseNoTradeRepeatNoneAndLoseNoOrder() throws Exception {
        ClusterSummary summary = new ClusterRun(new ClusterRun.Settings(2, 5, Path.of("target", "cluster-test")),
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
        assertThat(summary.orders()).as("orders placed on the shared key").isPositive();
        assertThat(summary.ordersLost()).as("orders written down as placed that the exchange lacks").isZero();
        assertThat(summary.ordersTwice()).as("orders written down twice").isZero();
        assertThat(summary.faults()).as("what the demo would report and fail on").isEmpty();
    }
}
