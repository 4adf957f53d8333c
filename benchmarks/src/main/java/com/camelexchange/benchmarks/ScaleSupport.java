package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.MarketSpec;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** What the scale section's scenarios share: N markets on a quiet simulator, waiting, and statistics. */
final class ScaleSupport {
    private ScaleSupport() {
    }

    /** {@code m000_usdt}, {@code m001_usdt}, ...: valid market names whose channels cannot collide. */
    static List<String> markets(int n) {
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(String.format("m%03d_usdt", i));
        }
        return names;
    }

    /**
     * A started simulator serving exactly these markets (the builder's {@code markets} option), quiet: no
     * synthetic traders, history or quotes, so the harness is the only writer of the tapes. Its default
     * (variant A) limits do not limit market data.
     */
    static ExchangeSimulator simulator(List<String> markets) {
        List<MarketSpec> specs = markets.stream().map(name -> new MarketSpec(name, 2, 4, new BigDecimal("0.0001"),
                BigDecimal.ONE, new BigDecimal(TapeWriter.BASE))).toList();
        return ExchangeSimulator.builder().seed(42).quiet().markets(specs).build().start();
    }

    /** Each market's index by a key derived from its name (its allTicker key, its channel). */
    static Map<String, Integer> indexBy(List<String> markets, Function<String, String> key) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < markets.size(); i++) {
            index.put(key.apply(markets.get(i)), i);
        }
        return index;
    }

    static String pair(String market) {
        return market.replace("_", "");
    }

    static String tradesChannel(String market) {
        return pair(market) + "_trades";
    }

    static boolean await(BooleanSupplier condition, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(2);
        }
        return true;
    }

    /** Nearest rank on sorted values; NaN when there are none. */
    static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    static <T> double mean(List<T> runs, ToDoubleFunction<T> figure) {
        return runs.stream().mapToDouble(figure).average().orElse(Double.NaN);
    }

    /** Stops a subject or floor. */
    @FunctionalInterface
    interface Stop {
        void stop() throws Exception;
    }

    /**
     * The heap a running subject (or floor) holds: used after GC while it runs, less used after GC once
     * {@code stop} has stopped it, with the tape writer paused meanwhile so the simulator does not grow. The
     * caller must hold the subject only through {@code stop}, which must drop it.
     */
    static long heapHeld(TapeWriter tape, Stop stop) throws Exception {
        tape.pause();
        try {
            long running = ThreadMeter.heapAfterGc();
            stop.stop();
            return running - ThreadMeter.heapAfterGc();
        } finally {
            tape.resume();
        }
    }

    static void sleepSeconds(double seconds) throws InterruptedException {
        Thread.sleep((long) (seconds * 1000));
    }
}
