package com.camelexchange.examples.javadsl;

import com.camelexchange.examples.support.ConsolePrinter;
import org.apache.camel.builder.RouteBuilder;

/**
 * Polls the btc_usdt ticker every second and streams its trades from the exchange's WebSocket, printing each.
 */
public class MarketDataRoutes extends RouteBuilder {
    private final ConsolePrinter printer;

    public MarketDataRoutes(ConsolePrinter printer) {
        this.printer = printer;
    }

    @Override
    public void configure() {
        // tag::market-data[]
        from("exchange:ticker?market=btc_usdt&delay=1000&initialDelay=0")
                .routeId("btc-ticker")
                .bean(printer, "ticker");

        // Each new trade exactly once, in trade-id order, starting from now: pushed over the exchange's
        // WebSocket as it happens, with a REST catch-up at start and after any reconnect.
        from("exchange:trades?market=btc_usdt&streaming=true")
                .routeId("btc-trades")
                .bean(printer, "trade");
        // end::market-data[]
    }
}
