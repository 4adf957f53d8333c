package com.camelexchange.paper;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.main.Main;

import static com.camelexchange.paper.BacktestFixture.BTC;

/**
 * A user's Camel Main application in backtest, run in a JVM of its own by {@link BacktestMainEndTest}: a streaming
 * trades route on the recording, with the Camel Main options given as arguments ({@code name=value}). Its JVM ends
 * when nothing but daemon threads is left: what the test proves.
 */
public final class BacktestMainApplication {
    private BacktestMainApplication() {
    }

    /** @param args the recording, the report's directory, then Camel Main's properties as name=value */
    public static void main(String[] args) throws Exception {
        Main main = new Main();
        main.addInitialProperty("camel.component.exchange.replay-from", args[0]);
        main.addInitialProperty("camel.component.exchange.paper-balances", "usdt=1000");
        main.addInitialProperty("camel.component.exchange.paper-report-to", args[1]);
        for (int i = 2; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            main.addInitialProperty(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        main.configure().addRoutesBuilder(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true").routeId("strategy").log("${body.tid}");
            }
        });
        main.run();
        System.out.println("main.run() returned");
    }
}
