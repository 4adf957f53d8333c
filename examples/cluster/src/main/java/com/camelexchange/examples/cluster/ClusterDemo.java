package com.camelexchange.examples.cluster;

import java.nio.file.Path;

/**
 * Runs the demonstration and prints its summary line last. Arguments (optional): how many times to kill the
 * leader (default 2), how many seconds to measure the order rate (default 20).
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
    }
}
