package com.camelexchange.examples.sweep;

import com.camelexchange.sweep.SweepMain;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A sweep in one command: a few days of history of the simulator's market ({@link SweepHistory}), then the YAML
 * strategy of {@code routes/strategy.yaml} backtested on it once per point of a 3 x 3 grid of its two properties,
 * with 2 worker processes on this machine, each point in a fresh CamelContext; the merged table sorted by P&amp;L,
 * its top rows printed, and the heat map of P&amp;L over the two properties.
 *
 * <p>Argument: days of history (default 3). System property {@code sweep.dir}: where the history, the points'
 * results, the table and the heat map go (default {@code target}).
 */
public final class SweepExampleMain {
    static final double DEFAULT_DAYS = 3;
    static final String BALANCES = "usdt=10000,btc=0.5";
    static final List<String> GRID = List.of("strategy.every=50,100,200", "strategy.size=0.001,0.002,0.004");
    static final int WORKERS = 2;

    private SweepExampleMain() {
    }

    public static void main(String[] args) throws Exception {
        double days = args.length > 0 ? Double.parseDouble(args[0]) : DEFAULT_DAYS;
        int exit = run(Path.of(System.getProperty("sweep.dir", "target")), days, GRID, WORKERS, System.out);
        if (exit != 0) {
            System.exit(exit);
        }
    }

    /** The whole example; the sweep's exit status (0 when done). */
    static int run(Path dir, double days, List<String> grid, int workers, PrintStream out) throws Exception {
        if (!(days > 0 && days <= 60)) {
            throw new IllegalArgumentException("From a few hours to 60 days of history, not " + days);
        }
        SweepHistory.History history = SweepHistory.write(dir.resolve("sweep-history"), days, out);
        Path results = emptied(dir.resolve("sweep"));
        List<String> command = new ArrayList<>(List.of("run", "--recording", history.directory().toString(),
                "--results", results.toString(), "--routes", "classpath:routes/strategy.yaml", "--set",
                "camel.component.exchange.paper-balances=" + BALANCES, "--set",
                "camel.component.exchange.replay-markets=" + history.replayMarkets(), "--workers",
                Integer.toString(workers), "--sort-by", "pnl"));
        grid.forEach(entry -> {
            command.add("--grid");
            command.add(entry);
        });
        long started = System.nanoTime();
        int exit = SweepMain.execute(command, System.getenv(), out, System.err);
        out.printf("Swept in %.1f s%n", (System.nanoTime() - started) / 1e9);
        return exit;
    }

    /** A new run starts over: a results directory's points with a result would not be run again. */
    private static Path emptied(Path results) throws java.io.IOException {
        if (Files.exists(results)) {
            try (Stream<Path> walk = Files.walk(results)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(results);
    }
}
