package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.PolledFeed;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.client.paper.Backtest;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * A streaming consumer of a backtest: each recorded trade, book or ticker of its market, delivered on the replay's
 * thread as one exchange with the body and headers a live push gets ({@link Feeds.Messages}), the replay waiting
 * for the exchange to complete before it applies the next event. A failed exchange goes to the exception handler;
 * the recording goes on (there is no later delivery of a recorded event to wait for).
 *
 * <p>A K-line consumer gets what a live one gets: each closed candle of its type once, oldest first (the
 * {@code ClosedCandle} of its feed), from its position. A recording holds a candle again and again while
 * its period runs, and older ones again with each reply that had them, so each recorded candle of its market and
 * type is not delivered as it is: it makes the consumer read the candles closed since its position from the
 * recording (its polled data, on the replay's clock), as a live push of a newer candle makes a live one. A candle
 * whose period ended is so delivered with the next candle line of its type, not at its period's end. Its position
 * moves only when a candle's exchange completed; a failed one is delivered again with the next candle line.
 *
 * <p>Its health check ({@code consumer:<routeId>}, as every consumer's) follows its backtest: not ready before the
 * recording is applied, UP while it is, DOWN once it ended, stopped at a broken line (the message says which) or
 * was stopped, since nothing is delivered any more; a K-line consumer is DOWN too while its reads of the recorded
 * candles fail.
 */
public class ReplayedConsumer extends DefaultConsumer implements HealthReporting {
    private static final Logger LOG = LoggerFactory.getLogger(ReplayedConsumer.class);
    private final Feeds.Feed feed;
    private final Backtest backtest;
    private final String market;
    private final Backtest.Data kind;
    /** Books are cut to the endpoint's size, as the exchange pushes them; 0 for other data. */
    private final int depthSize;
    /** {@code onlyChanges} of a ticker consumer: a ticker whose values equal the last one delivered is skipped. */
    private final boolean onlyChanges;
    /** The K-line consumer's request (market, type, size, since); null for other data. */
    private final GetKline kline;
    /** The replay's thread only, once started. */
    private Ticker lastTicker;
    /** A K-line consumer's closed candles, read from the recording after its position; null for other data. */
    private PolledFeed candles;
    /** A K-line consumer's reads of the recorded candles, for its health. */
    private final ConsumerHealth reads = new ConsumerHealth();
    /** Items delivered, for the health details; written by the replay's thread only. */
    private volatile long delivered;
    private AutoCloseable delivering;
    private Runnable unregisterHealth = () -> { };

    public ReplayedConsumer(ExchangeEndpoint endpoint, Processor processor, Feeds.Feed feed, Backtest backtest) {
        super(endpoint, processor);
        this.feed = feed;
        this.backtest = backtest;
        var resolver = endpoint.resolver();
        this.onlyChanges = endpoint.getOperation() == ExchangeOperation.ticker
                           && endpoint.getConfiguration().isOnlyChanges();
        GetKline klineRequest = null;
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
            case kline -> {
                klineRequest = resolver.kline(null);
                market = klineRequest.market();
                kind = Backtest.Data.KLINE;
                depthSize = 0;
            }
            default -> throw new UnsupportedOperationException("A backtest streams trades, depth, ticker and kline;"
                                                               + " exchange:" + endpoint.getOperation()
                                                               + " is not pushed");
        }
        this.kline = klineRequest;
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        getHealthCheck().setEnabled(getEndpoint().getComponent().isHealthCheckConsumerEnabled());
        if (kline != null) {
            startCandles();
        }
        delivering = backtest.deliver(market, kind, kline != null ? this::candleRecorded : this::deliver);
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, getEndpoint());
        getEndpoint().consumerStarted(this);
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "replayed"));
        Backtest.State state = backtest.state();
        details.put("backtest", state.name());
        details.put("delivered", delivered);
        return switch (state) {
            case NOT_STARTED -> new ConsumerHealth.Report(ConsumerHealth.State.STARTING,
                    "The backtest applies its recording once the routes run", null, details);
            case RUNNING -> kline != null ? reads.report("reads of the recorded candles", true, null, details)
                    : new ConsumerHealth.Report(ConsumerHealth.State.UP, null, null, details);
            case FINISHED -> new ConsumerHealth.Report(ConsumerHealth.State.DOWN,
                    "The recording ended: the backtest delivers nothing more", null, details);
            case FAILED -> new ConsumerHealth.Report(ConsumerHealth.State.DOWN, backtest.failure(), null, details);
            case STOPPED -> new ConsumerHealth.Report(ConsumerHealth.State.DOWN,
                    "The backtest was stopped before the end of its recording", null, details);
        };
    }

    /**
     * Starts the K-line consumer's position: from {@code since}, or else from the recording's start (the replay's
     * clock stands at its first event until the routes run), as a live one starts from now.
     */
    private void startCandles() {
        ExchangeEndpoint endpoint = getEndpoint();
        RepositoryPositions.start(endpoint);
        if (candles == null) {
            // Replies of the recording as of each read: none is kept for a later one.
            candles = feed.replayed();
        }
        candles.start();
        readClosedCandles();
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        if (delivering != null) {
            delivering.close();
            delivering = null;
        }
        if (candles != null) {
            candles.stop();
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
        send(item instanceof Depth book && depthSize > 0 ? cut(book) : item, () -> { });
    }

    /** A candle line of the consumer's market: one of its type may have closed candles. */
    private void candleRecorded(Object item) {
        if (((Kline) item).type() == kline.type()) {
            readClosedCandles();
        }
    }

    private void readClosedCandles() {
        List<PolledFeed.Item> closed;
        try {
            // Every closed candle is read on each candle line: nothing is left for later.
            closed = candles.poll((message, problem) -> getExceptionHandler().handleException(message, problem))
                    .items();
            reads.succeeded();
        } catch (RuntimeException e) {
            reads.failed(e);
            getExceptionHandler().handleException("Reading the recorded candles failed", e);
            return;
        } finally {
            candles.pollEnded();
        }
        for (PolledFeed.Item item : closed) {
            if (!send(item.value(), item.onCompleted())) {
                // Its position stays before it: it is delivered again, with the ones after it, at the next line.
                return;
            }
        }
    }

    /**
     * Sends one item through the route and waits for it; {@code onCompleted} (a position moved) runs only when its
     * exchange completed successfully; a failure goes to the exception handler.
     *
     * @return whether the exchange completed successfully
     */
    private boolean send(Object value, Runnable onCompleted) {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        feed.messages().into(value, message);
        message.setHeader(ExchangeConstants.OPERATION, getEndpoint().getOperation().name());
        delivered++;
        OnSuccess completion = new OnSuccess(onCompleted);
        exchange.getExchangeExtension().addOnCompletion(completion);
        try {
            getProcessor().process(exchange);
            // Read while the exchange is still ours: a pooled exchange is reset once released.
            if (!completion.done() && exchange.getException() != null) {
                failed(exchange, exchange.getException());
            }
        } catch (Exception e) {
            failed(exchange, e);
        } finally {
            releaseExchange(exchange, false);
        }
        return completion.done();
    }

    /**
     * An exchange that failed goes to the exception handler; one that a stop of the routes took mid-way (Camel
     * refuses the rest of its route once its processors stop) is the stop's doing, not the event's: a line at debug.
     */
    private void failed(Exchange exchange, Throwable failure) {
        if (failure instanceof RejectedExecutionException
            && (isStoppingOrStopped() || getEndpoint().getCamelContext().isStopping())) {
            LOG.debug("The stop of the routes ended the exchange of a recorded event mid-route");
            return;
        }
        getExceptionHandler().handleException("Processing a recorded event failed", exchange, failure);
    }

    private Depth cut(Depth book) {
        if (book.asks().size() <= depthSize && book.bids().size() <= depthSize) {
            return book;
        }
        return new Depth(book.market(), book.asks().subList(0, Math.min(depthSize, book.asks().size())),
                book.bids().subList(0, Math.min(depthSize, book.bids().size())), book.timestamp());
    }
}
