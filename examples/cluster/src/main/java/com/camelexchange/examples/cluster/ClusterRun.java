package com.camelexchange.examples.cluster;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.Trade;
import org.apache.curator.test.TestingServer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

/**
 * The whole demonstration: the engine (ZooKeeper), the exchange (the simulator, trading on its own), three
 * instances in JVMs of their own; the leader killed with SIGKILL mid-stream and started again, as a
 * supervisor would; orders flowing from every instance all along; then the summary, from the exchange's tape
 * and counters and from the shared store.
 */
final class ClusterRun {
    static final String LEADERSHIP_PATH = "/camel-exchange/cluster";
    static final int NODES = 3;
    private static final String ACCESS_KEY = "cluster-demo";
    private static final String SECRET_KEY = "cluster-demo-secret";
    /** Trades a leader stores on its own before it is killed, so that each kill is mid-stream. */
    private static final int TRADES_BEFORE_KILL = 20;
    private static final Duration PATIENCE = Duration.ofSeconds(90);

    /**
     * @param kills        how many times the leader is killed
     * @param orderSeconds how long the order rate is measured, with all instances up, after the kills
     * @param work         where the store and the instances' logs go (emptied first)
     */
    record Settings(int kills, int orderSeconds, Path work) {
    }

    private final Settings settings;
    private final PrintStream progress;
    /** By name; read by the shutdown hook too. */
    private final Map<String, NodeProcess> nodes = new ConcurrentHashMap<>();

    ClusterRun(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    ClusterSummary run() throws Exception {
        Path store = emptyDirectory(settings.work().resolve("trades"));
        Path logs = emptyDirectory(settings.work().resolve("logs"));
        Path orderRecords = emptyDirectory(settings.work().resolve("orders"));
        TradeStore trades = new TradeStore(store);
        try (TestingServer zookeeper = new TestingServer(true);
             ExchangeSimulator simulator = ExchangeSimulator.builder().history(false)
                     .activityInterval(Duration.ofMillis(50)).build().start()) {
            SimulatorAccount account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
            Trade last = simulator.exchange().lastTrade(ClusterNode.MARKET);
            long since = last == null ? 0 : last.tid();
            List<String> args = List.of(zookeeper.getConnectString(), simulator.baseUrl(), ACCESS_KEY, SECRET_KEY,
                    store.toString(), Long.toString(since), orderRecords.toString());
            progress.println("engine: ZooKeeper at " + zookeeper.getConnectString() + "; exchange at "
                             + simulator.baseUrl() + "; " + NODES + " instances starting");
            // Ctrl-C, or a build that gives up on the run: no instance outlives it.
            Thread reaper = new Thread(this::killAll, "cluster-run-reaper");
            Runtime.getRuntime().addShutdownHook(reaper);
            try {
                for (int i = 1; i <= NODES; i++) {
                    String name = "node-" + i;
                    nodes.put(name, NodeProcess.start(name, args, logs.resolve(name + ".log")));
                }
                for (NodeProcess node : nodes.values()) {
                    awaitReady(node);
                }
                for (int kill = 0; kill < settings.kills(); kill++) {
                    String leader = leaderStoring(trades, null);
                    nodes.get(leader).kill();
                    progress.println(leader + " led and was killed with SIGKILL; starting it again");
                    NodeProcess again = NodeProcess.start(leader, args, logs.resolve(leader + ".log"));
                    nodes.put(leader, again);
                    String next = leaderStoring(trades, leader);
                    progress.println(next + " leads now");
                    awaitReady(again);
                }

                long before = account.orderCount(ClusterNode.MARKET);
                long from = System.nanoTime();
                Thread.sleep(settings.orderSeconds() * 1_000L);
                long placed = account.orderCount(ClusterNode.MARKET) - before;
                double rate = placed / ((System.nanoTime() - from) / 1e9) / 60;
                // A figure, not a verdict: a busy machine lowers it without anything going wrong.
                progress.println("orders: " + placed + " in " + settings.orderSeconds() + " s on one key from " + NODES
                                 + " instances, " + ClusterSummary.rate(rate) + " of the 60 a second the key allows");

                Trade newest = simulator.exchange().lastTrade(ClusterNode.MARKET);
                await("the store to hold trade " + newest.tid(), () -> trades.read().containsKey(newest.tid()));
                // The instances go before their orders are compared with the exchange's: what they wrote down is
                // then all they will ever write.
                killAll();
                return summarize(simulator, account, trades.read(), since, newest.tid(), orderRecords, rate);
            } finally {
                killAll();
                Runtime.getRuntime().removeShutdownHook(reaper);
            }
        }
    }

    private void killAll() {
        for (NodeProcess node : nodes.values()) {
            try {
                node.kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private ClusterSummary summarize(ExchangeSimulator simulator, SimulatorAccount account,
                                     TreeMap<Long, TradeStore.Stored> stored, long since, long until, Path orderRecords,
                                     double rate) {
        int gaps = 0;
        int mismatched = 0;
        int tape = 0;
        for (Trade trade : simulator.tape(ClusterNode.MARKET)) {
            if (trade.tid() <= since || trade.tid() > until) {
                continue;
            }
            tape++;
            TradeStore.Stored found = stored.get(trade.tid());
            if (found == null) {
                gaps++;
            } else if (!found.lines().get(0).startsWith(trade.tid() + " " + trade.price().toPlainString() + " "
                                                        + trade.amount().toPlainString() + " ")) {
                mismatched++;
            }
        }
        int duplicates = 0;
        int failovers = 0;
        String writer = null;
        for (TradeStore.Stored trade : stored.subMap(since, false, until, true).values()) {
            duplicates += trade.lines().size() - 1;
            if (writer != null && !writer.equals(trade.node())) {
                failovers++;
            }
            writer = trade.node();
        }
        // Orders: each one an instance wrote down as placed is on the exchange, and none was written down twice.
        // The exchange may hold a few more: an order in flight when its instance was killed was placed unrecorded.
        User user = simulator.exchange().key(ACCESS_KEY).user();
        Set<String> held = new HashSet<>();
        for (Order order : simulator.exchange().orders(user, ClusterNode.MARKET, null, false, 1, Integer.MAX_VALUE)) {
            held.add(Long.toString(order.id()));
        }
        Map<String, Integer> written = OrderRecords.read(orderRecords);
        int lost = 0;
        int twice = 0;
        for (Map.Entry<String, Integer> record : written.entrySet()) {
            lost += held.contains(record.getKey()) ? 0 : 1;
            twice += record.getValue() > 1 ? 1 : 0;
        }
        progress.println("orders: " + held.size() + " on the exchange, " + written.size() + " written down by the"
                         + " instances (" + (held.size() - (written.size() - lost)) + " placed but not written down:"
                         + " in flight when an instance was killed or stopped)");
        return new ClusterSummary(NODES, failovers, tape, gaps, duplicates, mismatched,
                account.orderCount(ClusterNode.MARKET), lost, twice, simulator.errorReplyCount(4002),
                simulator.errorReplyCount(4001), rate);
    }

    /** The instance storing the trades once it has stored a run of them on its own (and is not {@code previous}). */
    private String leaderStoring(TradeStore trades, String previous) throws InterruptedException {
        String[] leader = new String[1];
        await("a leader storing trades", () -> {
            TreeMap<Long, TradeStore.Stored> stored = trades.read();
            leader[0] = TradeStore.newestWriter(stored);
            return leader[0] != null && !leader[0].equals(previous) && TradeStore.newestRun(stored) >= TRADES_BEFORE_KILL;
        });
        return leader[0];
    }

    private void awaitReady(NodeProcess node) throws InterruptedException {
        if (!node.awaitReady(PATIENCE.toSeconds())) {
            throw new IllegalStateException(node.name() + " did not start; see its log in "
                                            + settings.work().resolve("logs"));
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("not within " + PATIENCE.toSeconds() + " s: " + what);
            }
            Thread.sleep(50);
        }
    }

    private static Path emptyDirectory(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        return Files.createDirectories(directory);
    }
}
