package com.camelexchange.examples.springboot;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * The REST API of the example, on Spring's web server through platform-http:
 * <ul>
 *   <li>{@code GET /api/tickers/{market}}: the latest ticker the polling route saw (404 before the first);</li>
 *   <li>{@code POST /api/orders}: places the JSON order in the body, answers 201 with the placed order;</li>
 *   <li>{@code GET /api/orders/{market}/{id}}: the order's current state, 404 for an order the exchange does
 *       not know;</li>
 *   <li>{@code DELETE /api/orders/{market}/{id}}: cancels the order, answers with its state then: 200 and
 *       CANCELLED (also for an order cancelled before), 409 with the order for one that filled first, 404
 *       for an order the exchange does not know.</li>
 * </ul>
 * Refused input answers 400 before anything is sent, the exchange's "order not found" 404, another exchange
 * refusal 422 with its code, an unreachable exchange 503; the body always says why.
 */
@Component
public class ExchangeApiRoutes extends RouteBuilder {
    private final LatestTickers latestTickers;

    public ExchangeApiRoutes(LatestTickers latestTickers) {
        this.latestTickers = latestTickers;
    }

    @Override
    public void configure() {
        onException(ExchangeValidationException.class).handled(true)
                .process(e -> problem(e, 400));
        // The exchange's "no such order" (3001, category ORDER_NOT_FOUND) for an id it does not know; picked
        // before the clause below for the same type because its condition matches.
        onException(ExchangeErrorReplyException.class).onWhen(ExchangeApiRoutes::orderNotFound).handled(true)
                .process(e -> problem(e, 404));
        onException(ExchangeErrorReplyException.class).handled(true)
                .process(e -> problem(e, 422));
        onException(ExchangeClientException.class).handled(true)
                .process(e -> problem(e, 503));

        // tag::spring-boot-routes[]
        from("exchange:allTicker?delay=1000&initialDelay=0")          // one message per market
                .routeId("tickers")
                .bean(latestTickers, "update");

        from("platform-http:/api/tickers/{market}?httpMethodRestrict=GET")
                .routeId("get-ticker")
                .process(e -> latestTickers.of(e.getMessage().getHeader("market", String.class)).ifPresentOrElse(
                        ticker -> e.getMessage().setBody(ticker),
                        () -> notFound(e, "No ticker seen yet for " + e.getMessage().getHeader("market"))))
                .marshal().json();

        from("platform-http:/api/orders?httpMethodRestrict=POST")
                .routeId("post-order")
                .convertBodyTo(String.class)                            // JSON text; the component converts it
                .to("exchange:order")
                .setHeader(Exchange.HTTP_RESPONSE_CODE, constant(201))
                .marshal().json();

        from("platform-http:/api/orders/{market}/{id}?httpMethodRestrict=GET")
                .routeId("get-order")
                .setHeader(ExchangeConstants.MARKET, header("market"))
                .setHeader(ExchangeConstants.ORDER_ID, header("id"))
                .to("exchange:getOrder")
                .marshal().json();

        from("platform-http:/api/orders/{market}/{id}?httpMethodRestrict=DELETE")
                .routeId("cancel-order")
                .setHeader(ExchangeConstants.MARKET, header("market"))
                .setHeader(ExchangeConstants.ORDER_ID, header("id"))
                .doTry()
                    .to("exchange:cancelOrder")                         // a cancelled order counts as done
                .doCatch(ExchangeErrorReplyException.class).onWhen(ExchangeApiRoutes::orderNotFound)
                    .setHeader(Exchange.HTTP_RESPONSE_CODE, constant(409))  // filled, or unknown: getOrder says
                .end()
                .to("exchange:getOrder")                                // same headers: the order as it is now
                .marshal().json();
        // end::spring-boot-routes[]
    }

    private static boolean orderNotFound(Exchange exchange) {
        Throwable failure = exchange.getException() != null ? exchange.getException()
                : exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        return failure instanceof ExchangeErrorReplyException reply
               && reply.category() == ErrorCategory.ORDER_NOT_FOUND;
    }

    private static void notFound(Exchange exchange, String message) {
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, 404);
        exchange.getMessage().setBody(Map.of("error", message));
    }

    private static void problem(Exchange exchange, int status) {
        Throwable cause = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        exchange.getMessage().setHeader(Exchange.CONTENT_TYPE, "application/json");
        exchange.getMessage().setBody(ProblemJson.of(status, cause));
    }
}
