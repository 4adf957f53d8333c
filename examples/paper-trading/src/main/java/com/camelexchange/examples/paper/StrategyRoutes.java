package com.camelexchange.examples.paper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import java.util.List;

import static com.camelexchange.examples.paper.QuoteStrategy.MARKET;

/**
 * The routes of the example, the same in paper mode, on a replay and against the live service: every second the
 * strategy reads its open orders and the book, cancels what is stale and quotes the sides it has no order on; the
 * orders consumer tells each event of the account's orders to the tally.
 */
final class StrategyRoutes extends RouteBuilder {
    private static final String OPEN = "openOrders";
    private static final String BOOK = "book";

    private final EventTally tally;

    StrategyRoutes(EventTally tally) {
        this.tally = tally;
    }

    @Override
    public void configure() {
        from("timer:strategy?period=1000").routeId("strategy")
                .to("exchange:getUnfinishedOrdersIgnoreTradeType?market=" + MARKET + "&pageSize=10")
                .setProperty(OPEN, body())
                .to("exchange:depth?market=" + MARKET + "&size=5")
                .setProperty(BOOK, body())
                .process(e -> e.getMessage().setBody(QuoteStrategy.stale(open(e), book(e))))
                .setProperty("stale", body())
                .split(body())
                    .process(e -> e.getMessage().setHeader(ExchangeConstants.ORDER_ID,
                            e.getMessage().getBody(Order.class).id()))
                    .to("exchange:cancelOrder?market=" + MARKET)
                .end()
                .process(e -> e.getMessage().setBody(QuoteStrategy.quotes(open(e), stale(e), book(e))))
                .split(body())
                    .to("exchange:order")
                .end();

        from("exchange:orders?market=" + MARKET + "&delay=250").routeId("events")
                .process(e -> tally.add(e.getMessage().getBody(OrderEvent.class)));
    }

    @SuppressWarnings("unchecked")
    private static List<Order> open(Exchange e) {
        return e.getProperty(OPEN, List.class);
    }

    @SuppressWarnings("unchecked")
    private static List<Order> stale(Exchange e) {
        return e.getProperty("stale", List.class);
    }

    private static Depth book(Exchange e) {
        return e.getProperty(BOOK, Depth.class);
    }
}
