package com.camelexchange.component;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Trade;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.spi.ExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The paper exchange's hold on one live market: a depth and a trades route of the component's own, streaming (on the
 * component's WebSocket session, trades caught up over REST after a reconnect, every trade once and in order) or
 * polling, whose bodies go to a listener. Routes, so that a consumer's work completes as in any route and its health
 * shows like any consumer's ({@code paper-<market>-depth}, {@code paper-<market>-trades}). They keep no position in
 * any state repository, so they never move a route's of the user.
 */
final class MarketFollow implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MarketFollow.class);

    private final CamelContext context;
    private final List<String> routes = new ArrayList<>();
    private final String market;
    private final Quiet quiet = new Quiet();

    private MarketFollow(CamelContext context, String market) {
        this.context = context;
        this.market = market;
    }

    /**
     * Starts following.
     *
     * @param afterTid  the trades told start after this id; null for those from now on
     * @param pollDelay milliseconds between polls when not streaming
     */
    static MarketFollow start(ExchangeComponent component, String market, Long afterTid, MarketDataListener listener,
                              boolean streaming, long pollDelay) {
        MarketFollow follow = new MarketFollow(component.getCamelContext(), market);
        try {
            follow.consume(component, ExchangeOperation.depth, null, streaming, pollDelay, exchange -> {
                if (exchange.getMessage().getBody() instanceof Depth depth) {
                    follow.quiet.received();
                    listener.depth(depth);
                }
            });
            follow.consume(component, ExchangeOperation.trades, afterTid, streaming, pollDelay, exchange -> {
                if (exchange.getMessage().getBody() instanceof Trade trade) {
                    follow.quiet.received();
                    listener.trades(List.of(trade));
                }
            });
            return follow;
        } catch (Exception e) {
            follow.close();
            throw new IllegalStateException("The paper exchange cannot follow " + market + ": " + e.getMessage(), e);
        }
    }

    private void consume(ExchangeComponent component, ExchangeOperation operation, Long since, boolean streaming,
                         long pollDelay, Processor processor) throws Exception {
        ExchangeConfiguration conf = component.getConfiguration().copy();
        conf.setMarket(market);
        conf.setStreaming(streaming);
        conf.setSize(null);
        conf.setMerge(null);
        conf.setSince(since);
        conf.setStateRepository(null);
        conf.setStateKey(null);
        conf.setAccessKey(null);
        conf.setSecretKey(null);
        ExchangeEndpoint endpoint = new ExchangeEndpoint("exchange:" + operation + "?market=" + market
                + (streaming ? "&streaming=true" : "&delay=" + pollDelay), component, operation, conf);
        endpoint.checkOptions();
        endpoint.setExceptionHandler(quiet);
        if (!streaming) {
            endpoint.setDelay(pollDelay);
            endpoint.setInitialDelay(0);
        }
        String id = "paper-" + market + "-" + operation;
        if (context.getRoute(id) != null) {
            // Camel would replace a route of the same id: never one of the user's.
            throw new IllegalStateException("the route id " + id + " is taken; the paper exchange follows the market"
                    + " with a route of that id");
        }
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(endpoint).routeId(id).process(processor);
            }
        });
        routes.add(id);
    }

    @Override
    public void close() {
        for (String id : routes) {
            try {
                context.getRouteController().stopRoute(id);
                context.removeRoute(id);
            } catch (Exception e) {
                LOG.debug("The paper exchange's route {} did not stop cleanly", id, e);
            }
        }
        routes.clear();
    }

    /**
     * A failure of the feed is told in one line per run of failures (the next data ends the run), not once a poll
     * while the live service is down: the fill model never fills on what did not arrive, and the routes' health says
     * the rest.
     */
    private final class Quiet implements ExceptionHandler {
        private volatile boolean failing;

        void received() {
            if (failing) {
                failing = false;
                LOG.info("The paper exchange's feed of {} receives data again", market);
            }
        }

        @Override
        public void handleException(Throwable exception) {
            handleException(null, null, exception);
        }

        @Override
        public void handleException(String message, Throwable exception) {
            handleException(message, null, exception);
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            String what = exception == null ? message : exception.getMessage();
            if (!failing) {
                failing = true;
                LOG.warn("The paper exchange's feed of {} missed data: {}", market, what);
            } else {
                LOG.debug("The paper exchange's feed of {} missed data again: {}", market, what);
            }
            LOG.trace("The paper exchange's feed failed", exception);
        }
    }
}
