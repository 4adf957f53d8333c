package com.camelexchange.examples.quickstart;

import com.camelexchange.simulator.ExchangeSimulator;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Starts the embedded exchange simulator and prints the btc_usdt ticker fetched over HTTP a few times,
 * so you can watch the synthetic market move. {@code EXCHANGE_BASE_URL} points it at another service
 * instead of the embedded one.
 */
public final class QuickstartMain {
    static final String USER_AGENT =
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

    private QuickstartMain() {
    }

    public static void main(String[] args) throws Exception {
        int ticks = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        run(System.out, ticks, Duration.ofSeconds(1));
    }

    static void run(PrintStream out, int ticks, Duration every) throws Exception {
        String external = System.getenv("EXCHANGE_BASE_URL");
        ExchangeSimulator simulator = external == null ? ExchangeSimulator.builder().seed(42).build().start() : null;
        try {
            String baseUrl = external != null ? external : simulator.baseUrl();
            out.println("Exchange at " + baseUrl + (simulator != null ? " (embedded simulator, variant A)" : ""));
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (int i = 0; i < ticks; i++) {
                if (i > 0) {
                    Thread.sleep(every.toMillis());
                }
                HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/data/v1/ticker?market=btc_usdt"))
                        .header("User-Agent", USER_AGENT).timeout(Duration.ofSeconds(5)).build();
                HttpResponse<String> reply = http.send(request, HttpResponse.BodyHandlers.ofString());
                out.println("btc_usdt ticker: " + reply.body());
            }
        } finally {
            if (simulator != null) {
                simulator.stop();
            }
        }
    }
}
