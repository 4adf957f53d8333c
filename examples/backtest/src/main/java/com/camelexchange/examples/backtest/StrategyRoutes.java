package com.camelexchange.examples.backtest;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.examples.javapaper.TouchQuoter;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;

import java.util.List;

import static com.camelexchange.examples.javapaper.MarketRecorder.MARKET;

/**
 * The strategy's one route, as it would run live or on paper: a streamed book; on every n-th book, read the open
 * orders, cancel the stale ones, place the next order. In a backtest the whole route runs before the next event
 * of the recording is applied, so the orders it reads, cancels and places are those of the market as this book
 * left it.
 */
final class StrategyRoutes extends RouteBuilder {
    private static final String BOOK = "book";
    private static final String OPEN = "openOrders";
    private static final String STALE = "staleOrders";

    private final TouchQuoter quoter;

    StrategyRoutes(TouchQuoter quoter) {
        this.quoter = quoter;
    }

    @Override
    public void configure() {
        from("exchange:depth?market=" + MARKET + "&streaming=true&size=5").routeId("strategy")
                .filter(e -> quoter.actsOn(e.getMessage().getBody(Depth.class)))
                .setProperty(BOOK, body())
                .to("exchange:getUnfinishedOrdersIgnoreTradeType?market=" + MARKET + "&pageSize=10")
                .setProperty(OPEN, body())
                .process(e -> e.getMessage().setBody(quoter.stale(orders(e, OPEN), book(e))))
                .setProperty(STALE, body())
                .split(body())
                    .process(e -> e.getMessage().setHeader(ExchangeConstants.ORDER_ID,
                            e.getMessage().getBody(Order.class).id()))
                    .to("exchange:cancelOrder?market=" + MARKET)
                .end()
                .process(e -> e.getMessage().setBody(quoter.quote(orders(e, OPEN), orders(e, STALE), book(e))))
                .split(body())
                    .doTry()
                        .to("exchange:order")
                    .doCatch(ExchangeErrorReplyException.class)
                        .process(e -> quoter.refused())
                    .end()
                .end();
    }

    @SuppressWarnings("unchecked")
    private static List<Order> orders(Exchange e, String property) {
        return e.getProperty(property, List.class);
    }

    private static Depth book(Exchange e) {
        return e.getProperty(BOOK, Depth.class);
    }
}
