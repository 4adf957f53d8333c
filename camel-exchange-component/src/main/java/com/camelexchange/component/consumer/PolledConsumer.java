package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.PolledFeed;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePropertyKey;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;

/**
 * The polling consumer of every kind of exchange data: the client's {@link PolledFeed}, which the client's feed
 * factory makes of what {@link Feeds} says the endpoint follows, as it makes a program's. Each poll asks the feed
 * for its items, then emits one exchange per item, in order, with Camel's batch properties, its body and headers as
 * the feed's {@link Feeds.Messages} say. An item's {@code onCompleted} action (e.g. storing a position) runs only
 * when its exchange completes; the first exchange that fails ends the batch, so that item and the ones after it are
 * fetched and emitted again by the next poll. Nothing is skipped.
 *
 * <p>Polls run on the component's shared scheduler ({@code pollThreads}), not on a thread per route, unless the
 * route chose its own ({@code scheduler}, {@code scheduledExecutorService}). Market-data replies are shared by
 * every feed of the component's client resources. Failures that pass (rate limits, the exchange unavailable) are
 * logged once per run of them ({@link PollFailures}).
 *
 * <p>A poll that failed (a page the exchange refuses whole, the exchange unavailable, no rate-limit permit) is tried
 * again after the feed's backoff, the rule a program's polled feed follows too: from the poll delay, doubling per
 * failure in a row up to the component's {@code maxReconnectDelay} (or the poll delay when that is longer), from
 * the poll delay again after a success; the polls due meanwhile are passed over without a request
 * ({@link #isPollAllowed}). The same read is asked for again, never skipped. Camel's own {@code backoffMultiplier},
 * {@code backoffErrorThreshold} and {@code backoffIdleThreshold} still apply on top when a route sets them; they
 * multiply the delay by a fixed factor, where a page that stays broken for hours calls for a wait that grows. In a
 * backtest the polls follow the recording's clock, and a failed one is not backed off.
 *
 * <p>Its health check ({@link ExchangeConsumerHealthCheck}, in place of Camel's generic one) reads DOWN while polls
 * fail, with how long and when the next poll is due, and is not ready before the first poll succeeded. A JVM
 * {@link Error} in a poll (out of memory, stack overflow) does not end the polling, as it would end Camel's
 * scheduled task for good while the route still read Started: it is logged at ERROR once, handed to the exception
 * handler like any failed poll, and the next poll tries again.
 */
public class PolledConsumer extends ScheduledBatchPollingConsumer implements HealthReporting, StatefulConsumer {
    private static final Logger LOG = LoggerFactory.getLogger(PolledConsumer.class);

    private final Feeds.Feed feed;
    private final PollFailures failures;
    /** What it polls: made when it first starts (a bad option fails the start), with its health and backoff. */
    private volatile PolledFeed polled;
    /** Whether the polls run on the component's scheduler: decided on the first start, from the route's options. */
    private Boolean sharedScheduler;
    private Runnable unregisterHealth = () -> { };

    /** @param feed makes the data this consumer polls, when it first starts: a bad option fails the start */
    public PolledConsumer(ExchangeEndpoint endpoint, Processor processor, Feeds.Feed feed) {
        super(endpoint, processor);
        this.feed = feed;
        this.failures = new PollFailures(() -> PollFailures.subject(getEndpoint(), getRouteId()));
        // Before Camel builds the consumer, which would otherwise give it its generic check.
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    @Override
    protected void doStart() throws Exception {
        ExchangeEndpoint endpoint = getEndpoint();
        RepositoryPositions.start(endpoint);
        if (polled == null) {
            polled = feed.polled();
        }
        polled.start();
        var backtest = endpoint.getComponent().backtest();
        if (backtest != null) {
            // Polls on the recording's time, on the replay's thread.
            sharedScheduler = false;
            setScheduledExecutorService(null);
            setScheduler(new ReplayPollScheduler(backtest));
        } else if (sharedScheduler == null) {
            sharedScheduler = getScheduler() == null && getScheduledExecutorService() == null;
        }
        if (sharedScheduler) {
            // Made again on each start, on the component's scheduler of now (the component may have restarted).
            setScheduler(null);
            setScheduledExecutorService(endpoint.getComponent().pollScheduler());
        }
        if (endpoint.getExceptionHandler() == null && !endpoint.isBridgeErrorHandler()
            && !PollFailures.isQuiet(getExceptionHandler())) {
            setExceptionHandler(failures.quiet(getExceptionHandler()));
        }
        super.doStart();
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, endpoint);
        endpoint.consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        super.doStop();
        if (polled != null) {
            polled.stop();
        }
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    /**
     * Camel asks before each scheduled poll: while the backoff after failed polls lasts, the poll is passed over
     * without a request (Camel counts it as an idle poll).
     */
    /** What this consumer polls; null before it first started. */
    public PolledFeed feed() {
        return polled;
    }

    @Override
    protected boolean isPollAllowed() {
        PolledFeed current = polled;
        return super.isPollAllowed() && (current == null || current.due());
    }

    @Override
    protected int poll() throws Exception {
        // Behind camel-master (Camel 4.18.0) this consumer was seen polling on after its context had stopped,
        // a second leader delivering what the next one delivers: a stopping context's consumer polls no more.
        if (stopping()) {
            return 0;
        }
        try {
            PolledFeed.Batch batch = polled.poll((message, problem) -> getExceptionHandler().handleException(message,
                    problem));
            int delivered = processBatch(new ArrayDeque<>(batch.items()));
            polled.polled(batch, delivered);
            failures.succeeded();
            return delivered;
        } catch (Exception e) {
            polled.failed(e);
            failures.failed(e);
            throw e;
        } catch (Error e) {
            if (polled.failed(e).firstError()) {
                LOG.error("The consumer of {} failed with {}; it polls on, and its health check reads"
                          + " DOWN until a poll succeeds", PollFailures.subject(getEndpoint(), getRouteId()),
                        ConsumerHealth.describe(e), e);
            }
            // As an exception, Camel's poll strategy and the exception handler take it, and polling goes on.
            throw new RuntimeCamelException("Polling " + getEndpoint().healthCheckName() + " failed with "
                                            + ConsumerHealth.describe(e), e);
        } finally {
            polled.pollEnded();
        }
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "polling"));
        PolledFeed current = polled;
        // Before its first start: nothing has failed, nothing has succeeded.
        return current != null ? current.health(details) : new ConsumerHealth().report("polls", false,
                "starting: no poll has succeeded yet", details);
    }

    @Override
    public FeedPosition state() {
        PolledFeed current = polled;
        return current == null ? null : current.position();
    }

    private boolean stopping() {
        return ConsumerStopping.stopping(this);
    }

    @Override
    public int processBatch(Queue<Object> items) throws Exception {
        int total = maxMessagesPerPoll > 0 ? Math.min(maxMessagesPerPoll, items.size()) : items.size();
        // Checked before each item, not only before the poll: a stopping consumer (or context: see ConsumerStopping)
        // emits nothing more, whatever is left of its batch.
        int index = 0;
        ConsumerDeliveries deliveries = getEndpoint().getComponent().deliveries();
        for (; index < total && isBatchAllowed() && !stopping() && deliveries.begin(); index++) {
            boolean done;
            try {
                done = emit((PolledFeed.Item) items.poll(), index, total);
            } finally {
                deliveries.end();
            }
            if (!done) {
                pendingExchanges = 0;
                return index;
            }
        }
        pendingExchanges = 0;
        return index;
    }

    /** Sends one item of the batch through the route; whether it completed (and stored its position). */
    private boolean emit(PolledFeed.Item item, int index, int total) throws Exception {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        feed.messages().into(item.value(), message);
        exchange.setProperty(ExchangePropertyKey.BATCH_INDEX, index);
        exchange.setProperty(ExchangePropertyKey.BATCH_SIZE, total);
        exchange.setProperty(ExchangePropertyKey.BATCH_COMPLETE, index == total - 1);
        pendingExchanges = total - index - 1;
        OnSuccess completed = new OnSuccess(item.onCompleted());
        exchange.getExchangeExtension().addOnCompletion(completed);
        try {
            getProcessor().process(exchange);
            // Read while the exchange is still ours: a pooled exchange is reset once released.
            Exception failure = exchange.getException();
            if (!completed.done() && failure != null) {
                if (failure instanceof RejectedExecutionException && stopping()) {
                    // The route refused it because it is stopping: not a failure, and the next poll (here or on
                    // the next leader) emits it again.
                    LOG.debug("Not emitted, the route is stopping; it is emitted again on the next poll");
                } else {
                    getExceptionHandler().handleException("Processing failed; it is emitted again on the next"
                                                          + " poll", exchange, failure);
                }
            }
        } finally {
            releaseExchange(exchange, false);
        }
        return completed.done();
    }
}
