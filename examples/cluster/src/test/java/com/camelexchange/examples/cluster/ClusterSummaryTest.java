package com.camelexchange.examples.cluster;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The summary's verdict, which decides the demo's exit status: every fault named, a clean run none. */
class ClusterSummaryTest {
    @Test
    void aCleanRunHasNoFaultAndTheLineHasTheKeysInOrder() {
        ClusterSummary clean = new ClusterSummary(3, 2, 800, 0, 0, 0, 1900, 0, 0, 0.98);
        assertThat(clean.faults()).isEmpty();
        assertThat(clean.line())
                .isEqualTo("cluster: nodes=3 failovers=2 trades=800 gaps=0 duplicates=0 orders=1900 rejected4002=0");
    }

    @Test
    void everyFaultIsNamedEvenThoseTheLineLeavesOut() {
        assertThat(new ClusterSummary(3, 2, 800, 1, 2, 3, 1900, 4, 5, 0.98).faults())
                .isEqualTo("gaps=1 duplicates=2 mismatched=3 rejected4002=4 rejected4001=5");
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1900, 0, 1, 0.98).faults()).isEqualTo("rejected4001=1");
    }

    /** A run that used less of the key's budget than the test requires fails the demo too: text and status agree. */
    @Test
    void anOrderRateBelowTheTestsMinimumIsAFault() {
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1039, 0, 0, 0.866).faults()).isEqualTo("orderRate=0.866");
        assertThat(new ClusterSummary(3, 2, 800, 1, 0, 0, 1039, 0, 0, 0.866).faults()).isEqualTo("gaps=1 orderRate=0.866");
        assertThat(new ClusterSummary(3, 2, 800, 0, 0, 0, 1140, 0, 0, 0.95).faults()).isEmpty();
    }
}
