package com.camelexchange.examples.javadsl;

import com.camelexchange.examples.support.ConsolePrinter;
import com.camelexchange.examples.support.ExchangeTarget;
import org.apache.camel.main.Main;

import java.io.PrintStream;

/**
 * A Camel Main application with routes in Java: market data printed as it comes (the ticker polled, the
 * trades streamed over the exchange's WebSocket), and one order taken through its life (placed, followed,
 * filled or cancelled) with the balances before and after. It talks to the embedded simulator unless the
 * {@code EXCHANGE_*} environment variables name a real service.
 *
 * <p>Argument: how many seconds to follow the order before cancelling it (default 15).
 */
public final class JavaDslMain {
    /** Optional, with a real service: where its WebSocket is, if not at the base URL's {@code /websocket}. */
    static final String WEBSOCKET_URL = "EXCHANGE_WEBSOCKET_URL";

    private JavaDslMain() {
    }

    public static void main(String[] args) throws Exception {
        int followSeconds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        try (ExchangeTarget target = ExchangeTarget.fromEnvironment()) {
            run(target, System.out, followSeconds, System.getenv(WEBSOCKET_URL));
        }
    }

    static void run(ExchangeTarget target, PrintStream out, int followSeconds) throws Exception {
        run(target, out, followSeconds, null);
    }

    /**
     * @param websocketUrl a real service's WebSocket address when it is not the base URL's {@code /websocket};
     *                     null for the default, and ignored with the embedded simulator
     */
    static void run(ExchangeTarget target, PrintStream out, int followSeconds, String websocketUrl) throws Exception {
        out.println("Talking to the " + target.describe());
        Main main = new Main();
        // Component options are plain properties, as in application.properties.
        target.componentProperties().forEach(main::addInitialProperty);
        if (target.simulator().isEmpty() && websocketUrl != null && !websocketUrl.isBlank()) {
            main.addInitialProperty("camel.component.exchange.websocketUrl", websocketUrl);
        }
        ConsolePrinter printer = new ConsolePrinter(out, main::completed);
        main.configure().addRoutesBuilder(new MarketDataRoutes(printer));
        main.configure().addRoutesBuilder(new OrderLifecycleRoute(printer, followSeconds));
        // A safety net only: the order route ends the application when it is done.
        main.configure().withDurationMaxSeconds(followSeconds + 60);
        main.run();
    }
}
