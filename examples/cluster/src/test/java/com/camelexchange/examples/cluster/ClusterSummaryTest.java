package com.camelexchange.examples.cluster;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The summary's verdict, which decides the demo's exit status: every fault named, a clean run none. */
class ClusterSummaryTest {
    @Test
    void aCleanRunHasNoFaultAndTheLineHasTheKeysInOrder() {
        ClusterSummary clean = new ClusterSummary(3, 2, 800, 0, 0, 0, 1900, 0, 0, 0, 0, 0.98);
        assertThat(clean.faults()).isEmpty();
        assertThat(clean.line()).isEqualTo("cluster: nodes=3 failovers=2 trades=800 gaps=0 duplicates=0 orders=1900"
                                           + " ordersLost=0 ordersTwice=0 rejected4002=0");
    }

    @Test
    void everyFaultIsNamedEvenThoseTheLineLeavesOut() {
        assertThat(new ClusterSummary(3, 2, 800, 1, 2, 3, 1900, 4, 5, 6, 7, 0.98).faults())
                .isEqualTo("gaps=1 duplicates=2 mismatched=3 ordersLost=4 ordersTwice=5 rejected4002=6 rejected4001=7");
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1900, 0, 0, 0, 1, 0.98).faults()).isEqualTo("rejected4001=1");
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1900, 1, 0, 0, 0, 0.98).faults()).isEqualTo("ordersLost=1");
    }

    /** How fast the orders went is reported, never a fault: a busy machine lowers it without anything going wrong. */
    @Test
    void aLowOrderRateIsNoFault() {
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1039, 0, 0, 0, 0, 0.602).faults()).isEmpty();
        assertThat(new ClusterSummary(3, 2, 800, 1, 0, 0, 1039, 0, 0, 0, 0, 0.602).faults()).isEqualTo("gaps=1");
    }
}
