package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.paper.Backtest;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;

/**
 * A streaming consumer of a backtest: each recorded trade, book or ticker of its market, delivered on the replay's
 * thread as one exchange with the body and headers a live push gets ({@link Feeds.Messages}), the replay waiting
 * for the exchange to complete before it applies the next event. A failed exchange goes to the exception handler;
 * the recording goes on (there is no later delivery of a recorded event to wait for).
 */
public class ReplayedConsumer extends DefaultConsumer {
    private final Feeds.Feed feed;
    private final Backtest backtest;
    private final String market;
    private final Backtest.Data kind;
    /** Books are cut to the endpoint's size, as the exchange pushes them; 0 for other data. */
    private final int depthSize;
    /** {@code onlyChanges} of a ticker consumer: a ticker whose values equal the last one delivered is skipped. */
    private final boolean onlyChanges;
    /** The replay's thread only. */
    private Ticker lastTicker;
    private AutoCloseable delivering;

    public ReplayedConsumer(ExchangeEndpoint endpoint, Processor processor, Feeds.Feed feed, Backtest backtest) {
        super(endpoint, processor);
        this.feed = feed;
        this.backtest = backtest;
        var resolver = endpoint.resolver();
        this.onlyChanges = endpoint.getOperation() == ExchangeOperation.ticker
                           && endpoint.getConfiguration().isOnlyChanges();
        switch (endpoint.getOperation()) {
            case trades -> {
                market = resolver.trades(null).market();
                kind = Backtest.Data.TRADES;
                depthSize = 0;
            }
            case ticker -> {
                market = resolver.ticker(null).market();
                kind = Backtest.Data.TICKER;
                depthSize = 0;
            }
            case depth -> {
                GetDepth depth = resolver.depth(null);
                if (depth.merge() != null) {
                    throw new UnsupportedOperationException("A backtest streams the recorded books as they are:"
                                                            + " depth with merge is not served");
                }
                market = depth.market();
                kind = Backtest.Data.DEPTH;
                depthSize = depth.size();
            }
            default -> throw new UnsupportedOperationException("A backtest streams trades, depth and ticker; exchange:"
                                                               + endpoint.getOperation() + " is not served yet");
        }
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        delivering = backtest.deliver(market, kind, this::deliver);
        getEndpoint().consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        if (delivering != null) {
            delivering.close();
            delivering = null;
        }
        super.doStop();
    }

    private void deliver(Object item) {
        if (onlyChanges && item instanceof Ticker ticker) {
            if (lastTicker != null && lastTicker.sameValues(ticker)) {
                return;
            }
            lastTicker = ticker;
        }
        Object value = item instanceof Depth book && depthSize > 0 ? cut(book) : item;
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        message.setBody(feed.messages().body().apply(value));
        feed.messages().headers().accept(value, message.getHeaders());
        message.setHeader(ExchangeConstants.OPERATION, getEndpoint().getOperation().name());
        try {
            getProcessor().process(exchange);
            if (exchange.getException() != null) {
                getExceptionHandler().handleException("Processing a recorded event failed", exchange,
                        exchange.getException());
            }
        } catch (Exception e) {
            getExceptionHandler().handleException("Processing a recorded event failed", exchange, e);
        } finally {
            releaseExchange(exchange, false);
        }
    }

    private Depth cut(Depth book) {
        if (book.asks().size() <= depthSize && book.bids().size() <= depthSize) {
            return book;
        }
        return new Depth(book.market(), book.asks().subList(0, Math.min(depthSize, book.asks().size())),
                book.bids().subList(0, Math.min(depthSize, book.bids().size())), book.timestamp());
    }
}
