package com.camelexchange.examples.javadsl;

import com.camelexchange.examples.support.ConsolePrinter;
import org.apache.camel.builder.RouteBuilder;

/** Polls the btc_usdt ticker every second and its trades every half second, printing each. */
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

        // Each new trade exactly once, in trade-id order, starting from now.
        from("exchange:trades?market=btc_usdt&delay=500&initialDelay=0")
                .routeId("btc-trades")
                .bean(printer, "trade");
        // end::market-data[]
    }
}
