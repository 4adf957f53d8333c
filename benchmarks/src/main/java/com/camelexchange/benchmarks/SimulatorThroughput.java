package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * How many ticker requests per second one keep-alive client gets from the simulator, with the
 * synthetic traders running, at a few concurrencies. Prints a table; asserts nothing.
 *
 * <p>Arguments: seconds per run (default 10), then concurrencies (default 1 4 16).
 */
public final class SimulatorThroughput {
    private static final String USER_AGENT =
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

    private SimulatorThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int[] concurrencies = args.length > 1
                ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray() : new int[] {1, 4, 16};
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).limits(SimulatorLimits.none())
                .build().start()) {
            URI ticker = URI.create(sim.baseUrl() + "/data/v1/ticker?market=btc_usdt");
            System.out.printf("Simulator ticker throughput, %d cores, %d s per run, activity on%n",
                    Runtime.getRuntime().availableProcessors(), seconds);
            System.out.println("| concurrency | requests/s | p50 µs | p99 µs |");
            System.out.println("|---:|---:|---:|---:|");
            run(ticker, 1, 2); // warm-up, not reported
            for (int c : concurrencies) {
                long[] latencies = run(ticker, c, seconds);
                Arrays.sort(latencies);
                System.out.printf("| %d | %,.0f | %d | %d |%n", c, latencies.length / (double) seconds,
                        latencies[latencies.length / 2] / 1000, latencies[(int) (latencies.length * 0.99)] / 1000);
            }
        }
    }

    /** One HTTP/1.1 client shared by {@code concurrency} threads issuing GETs back to back. */
    private static long[] run(URI uri, int concurrency, int seconds) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(uri).header("User-Agent", USER_AGENT).GET().build();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        List<Future<long[]>> results = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            results.add(pool.submit(() -> {
                long[] samples = new long[1 << 16];
                int n = 0;
                while (System.nanoTime() < end) {
                    long start = System.nanoTime();
                    HttpResponse<Void> reply = client.send(request, HttpResponse.BodyHandlers.discarding());
                    if (reply.statusCode() != 200) {
                        throw new IllegalStateException("HTTP " + reply.statusCode());
                    }
                    if (n == samples.length) {
                        samples = Arrays.copyOf(samples, n * 2);
                    }
                    samples[n++] = System.nanoTime() - start;
                }
                return Arrays.copyOf(samples, n);
            }));
        }
        long[] all = new long[0];
        for (Future<long[]> f : results) {
            long[] part = f.get();
            long[] merged = Arrays.copyOf(all, all.length + part.length);
            System.arraycopy(part, 0, merged, all.length, part.length);
            all = merged;
        }
        pool.shutdown();
        return all;
    }
}
