package com.camelexchange.examples.cluster;

import java.nio.file.Path;

/**
 * Runs the demonstration and prints its summary line last. Arguments (optional): how many times to kill the
 * leader (default 2), how many seconds to measure the order rate (default 20). A run that lost, repeated or
 * altered a trade, lost an order or told one twice, or met a 4002 or 4001 says so in one more line on stderr and
 * exits with status 1, so that a script running it sees the failure: the same verdict as the build's test. The
 * order rate is reported, never a verdict: a busy machine lowers it without anything going wrong.
 */
public final class ClusterDemo {
    private ClusterDemo() {
    }

    public static void main(String[] args) throws Exception {
        int kills = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int orderSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        // The module's target directory when run through Maven (the pom says so), else ./target.
        Path work = Path.of(System.getProperty("cluster.work", "target/cluster-run"));
        ClusterSummary summary = new ClusterRun(new ClusterRun.Settings(kills, orderSeconds, work), System.out).run();
        System.out.println(summary.line());
        String faults = summary.faults();
        if (!faults.isEmpty()) {
            System.err.println("cluster: FAILED: " + faults + " (gaps, duplicates, mismatched, ordersLost,"
                               + " ordersTwice, rejected4002 and rejected4001 must all be 0)");
            // Run by exec:java inside Maven's JVM: an exit fails the command without Maven's stack trace of an
            // exception thrown from main, so the line above stays the only explanation.
            System.exit(1);
        }
    }
}
