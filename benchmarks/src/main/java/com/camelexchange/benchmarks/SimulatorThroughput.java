package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Arrays;

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
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest request = HttpRequest.newBuilder(ticker).header("User-Agent", USER_AGENT).GET().build();
            LoadLoop.Call get = () -> {
                HttpResponse<Void> reply = client.send(request, HttpResponse.BodyHandlers.discarding());
                if (reply.statusCode() != 200) {
                    throw new IllegalStateException("HTTP " + reply.statusCode());
                }
                return reply;
            };
            LoadLoop.run(get, 1, 2); // warm-up, not reported
            for (int c : concurrencies) {
                LoadLoop.Load load = LoadLoop.run(get, c, seconds);
                System.out.printf("| %d | %,.0f | %d | %d |%n", c, load.rate(), load.p50(), load.p99());
            }
        }
    }
}
