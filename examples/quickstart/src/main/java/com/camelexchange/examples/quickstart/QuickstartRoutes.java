package com.camelexchange.examples.quickstart;

import org.apache.camel.builder.RouteBuilder;

/** Polls the ticker every second and the trades every half second, printing each. */
public class QuickstartRoutes extends RouteBuilder {
    private final MarketPrinter printer;

    public QuickstartRoutes(MarketPrinter printer) {
        this.printer = printer;
    }

    @Override
    public void configure() {
        from("exchange:ticker?market=btc_usdt&delay=1000&initialDelay=0")
                .routeId("btc-ticker")
                .bean(printer, "ticker");

        // Each new trade exactly once, in order, starting from now.
        from("exchange:trades?market=btc_usdt&delay=500&initialDelay=0")
                .routeId("btc-trades")
                .bean(printer, "trade");
    }
}
