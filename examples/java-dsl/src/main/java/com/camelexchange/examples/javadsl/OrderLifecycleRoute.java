package com.camelexchange.examples.javadsl;

import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.examples.support.ConsolePrinter;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import java.math.BigDecimal;

/**
 * Once, shortly after start: prints the balances, places a small limit buy at the best bid (below the
 * market, so it rests in the book), follows its status every second until it is filled or the patience
 * runs out, cancels what is left, and prints the balances again.
 */
public class OrderLifecycleRoute extends RouteBuilder {
    static final BigDecimal AMOUNT = new BigDecimal("0.0100");

    private final ConsolePrinter printer;
    private final int followSeconds;

    public OrderLifecycleRoute(ConsolePrinter printer, int followSeconds) {
        this.printer = printer;
        this.followSeconds = followSeconds;
    }

    @Override
    public void configure() {
        // tag::order-lifecycle[]
        from("timer:order-lifecycle?repeatCount=1&delay=1500")
                .routeId("order-lifecycle")
                .to("exchange:getAccountInfo")
                .bean(printer, "balances(${body}, 'before')")
                .to("exchange:ticker?market=btc_usdt")
                .setBody(e -> buyAtTheBestBid(e.getMessage().getBody(Ticker.class)))
                .to("exchange:order")                               // sets CamelExchangeOrderId
                .bean(printer, "placed")
                .to("exchange:getOrder?market=btc_usdt")
                .bean(printer, "order")
                .loopDoWhile(e -> stillOpen(e) && loopIndex(e) < followSeconds)
                    .to("direct:check-order-after-a-second")
                .end()
                .filter(this::stillOpen)
                    .to("exchange:cancelOrder?market=btc_usdt")
                    .to("exchange:getOrder?market=btc_usdt")
                    .bean(printer, "order")
                .end()
                .to("exchange:getAccountInfo")
                .bean(printer, "balances(${body}, 'after')")
                .bean(printer, "finished");

        from("direct:check-order-after-a-second")
                .routeId("check-order")
                .delay(1000)
                .to("exchange:getOrder?market=btc_usdt")
                .bean(printer, "order");
        // end::order-lifecycle[]
    }

    static OrderRequest buyAtTheBestBid(Ticker ticker) {
        return new OrderRequest(ticker.market(), OrderSide.BUY, ticker.buy(), AMOUNT, null, null, null);
    }

    private boolean stillOpen(Exchange exchange) {
        return exchange.getMessage().getBody(Order.class).status().isOpen();
    }

    private static int loopIndex(Exchange exchange) {
        Integer index = exchange.getProperty(Exchange.LOOP_INDEX, Integer.class);
        return index == null ? 0 : index;
    }
}
