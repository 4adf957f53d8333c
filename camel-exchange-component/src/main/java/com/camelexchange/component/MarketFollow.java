package com.camelexchange.component;

import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Trade;
import com.camelexchange.component.paper.MarketDataListener;
import org.apache.camel.Consumer;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.ScheduledPollConsumer;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The paper exchange's hold on one live market: a depth and a trades consumer of the component's own, streaming
 * (on the component's WebSocket session, trades caught up over REST after a reconnect, every trade once and in
 * order) or polling, whose bodies go to a listener instead of a route. They keep no position of their own in any
 * state repository, so they never move a route's.
 */
final class MarketFollow implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MarketFollow.class);

    private final List<Consumer> consumers = new ArrayList<>();
    private final String market;

    private MarketFollow(String market) {
        this.market = market;
    }

    /**
     * Starts following.
     *
     * @param pollDelay milliseconds between polls when not streaming
     */
    static MarketFollow start(ExchangeComponent component, String market, MarketDataListener listener,
                              boolean streaming, long pollDelay) {
        MarketFollow follow = new MarketFollow(market);
        try {
            follow.consume(component, ExchangeOperation.depth, streaming, pollDelay, exchange -> {
                if (exchange.getMessage().getBody() instanceof Depth depth) {
                    listener.depth(depth);
                }
            });
            follow.consume(component, ExchangeOperation.trades, streaming, pollDelay, exchange -> {
                if (exchange.getMessage().getBody() instanceof Trade trade) {
                    listener.trades(List.of(trade));
                }
            });
            return follow;
        } catch (Exception e) {
            follow.close();
            throw new IllegalStateException("The paper exchange cannot follow " + market + ": " + e.getMessage(), e);
        }
    }

    private void consume(ExchangeComponent component, ExchangeOperation operation, boolean streaming, long pollDelay,
                         Processor processor) throws Exception {
        ExchangeConfiguration conf = component.getConfiguration().copy();
        conf.setMarket(market);
        conf.setStreaming(streaming);
        conf.setSize(null);
        conf.setMerge(null);
        conf.setSince(null);
        conf.setStateRepository(null);
        conf.setStateKey(null);
        conf.setAccessKey(null);
        conf.setSecretKey(null);
        ExchangeEndpoint endpoint = new ExchangeEndpoint("exchange:" + operation + "?market=" + market
                + (streaming ? "&streaming=true" : ""), component, operation, conf);
        endpoint.checkOptions();
        ServiceHelper.startService(endpoint);
        Consumer consumer = endpoint.createConsumer(processor);
        if (consumer instanceof ScheduledPollConsumer polled) {
            polled.setDelay(pollDelay);
            polled.setInitialDelay(0);
        }
        if (consumer instanceof org.apache.camel.support.DefaultConsumer plain) {
            plain.setExceptionHandler(new Quiet());
        }
        consumers.add(consumer);
        ServiceHelper.startService(consumer);
    }

    @Override
    public void close() {
        for (Consumer consumer : consumers) {
            ServiceHelper.stopAndShutdownService(consumer);
        }
        consumers.clear();
    }

    /** A failure of the feed is told in one line: the fill model never fills on what did not arrive. */
    private final class Quiet implements ExceptionHandler {
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
            LOG.warn("The paper exchange's feed of {} missed data: {}", market,
                    exception == null ? message : exception.getMessage());
            LOG.debug("The paper exchange's feed failed", exception);
        }
    }
}
