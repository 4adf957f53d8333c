package com.camelexchange.examples.quickstart;

import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.main.Main;

import java.io.PrintStream;
import java.time.Duration;

/**
 * A Camel Main application with two routes that poll the btc_usdt ticker and trades and print them.
 * It starts the embedded exchange simulator, unless {@code EXCHANGE_BASE_URL} points at another service.
 *
 * <p>Argument: how many seconds to run (default 10).
 */
public final class QuickstartMain {
    private QuickstartMain() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        run(System.out, Duration.ofSeconds(seconds));
    }

    static void run(PrintStream out, Duration runFor) throws Exception {
        String external = System.getenv("EXCHANGE_BASE_URL");
        ExchangeSimulator simulator = external == null ? ExchangeSimulator.builder().seed(42).build().start() : null;
        try {
            String baseUrl = external != null ? external : simulator.baseUrl();
            out.println("Exchange at " + baseUrl + (simulator != null ? " (embedded simulator, variant A)" : "")
                        + "; watching btc_usdt for " + runFor.toSeconds() + " s");
            Main main = new Main();
            // Component options are plain properties, as in application.properties.
            main.addInitialProperty("camel.component.exchange.baseUrl", baseUrl);
            main.configure().addRoutesBuilder(new QuickstartRoutes(new MarketPrinter(out)));
            main.configure().withDurationMaxSeconds((int) runFor.toSeconds());
            main.run();
        } finally {
            if (simulator != null) {
                simulator.stop();
            }
        }
    }
}
