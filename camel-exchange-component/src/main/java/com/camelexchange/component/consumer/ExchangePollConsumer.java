package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClient;
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
 * A polling consumer of the exchange: each poll fetches items, then emits one exchange per item, in
 * order, with Camel's batch properties. An item's {@code onCompleted} action (e.g. storing a position)
 * runs only when its exchange completes; the first exchange that fails ends the batch, so that item and
 * the ones after it are fetched and emitted again by the next poll. Nothing is skipped.
 *
 * <p>Its health check ({@link ExchangeConsumerHealthCheck}, in place of Camel's generic one) reads DOWN while polls
 * fail, and is not ready before the first poll succeeded. A JVM {@link Error} in a poll (out of memory, stack
 * overflow) does not end the polling, as it would end Camel's scheduled task for good while the route still
 * read Started: it is logged at ERROR once, handed to the exception handler like any failed poll, and the next
 * poll tries again.
 */
public abstract class ExchangePollConsumer extends ScheduledBatchPollingConsumer implements HealthReporting {
    private static final Logger LOG = LoggerFactory.getLogger(ExchangePollConsumer.class);

    /** One message to emit, and what to record once it has been processed successfully. */
    protected record Item(Object body, Map<String, Object> headers, Runnable onCompleted) {
        public Item(Object body, Map<String, Object> headers) {
            this(body, headers, () -> { });
        }
    }

    /** The endpoint's client, taken when the consumer starts. */
    protected ExchangeClient client;
    private final ConsumerHealth health = new ConsumerHealth();
    // Set by fetch, read by health checks.
    private volatile int lag;
    private volatile boolean catchingUp;
    private int leftKnown;
    private boolean leftMore;
    private Runnable unregisterHealth = () -> { };

    protected ExchangePollConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        // Before Camel builds the consumer, which would otherwise give it its generic check.
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    /**
     * Reads the endpoint's options into the request this consumer polls with, once, when it starts: a bad
     * or missing option fails the route's start, not every poll.
     */
    protected abstract void resolveRequest();

    @Override
    protected void doStart() throws Exception {
        resolveRequest();
        client = getEndpoint().client();
        super.doStart();
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, getEndpoint());
        getEndpoint().consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        super.doStop();
    }

    /**
     * Told by {@link #fetch}: {@code known} items this poll found but leaves for the next one (beyond
     * {@code maxEventsPerPoll}), and whether more wait on the exchange beyond what the poll's pages read.
     */
    protected final void leftForNextPoll(int known, boolean more) {
        leftKnown += known;
        leftMore |= more;
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    /** The items this poll should emit, oldest first. */
    protected abstract List<Item> fetch();

    @Override
    protected int poll() throws Exception {
        // Behind camel-master (Camel 4.18.0) this consumer was seen polling on after its context had stopped,
        // a second leader delivering what the next one delivers: a stopping context's consumer polls no more.
        if (stopping()) {
            return 0;
        }
        leftKnown = 0;
        leftMore = false;
        try {
            List<Item> items = fetch();
            int delivered = processBatch(new ArrayDeque<>(items));
            lag = items.size() - delivered + leftKnown;
            catchingUp = lag > 0 || leftMore;
            health.succeeded();
            return delivered;
        } catch (Exception e) {
            health.failed(e);
            throw e;
        } catch (Error e) {
            if (health.failed(e)) {
                LOG.error("The consumer of {} (route {}) failed with {}; it polls on, and its health check reads"
                          + " DOWN until a poll succeeds", getEndpoint().healthCheckName(), getRouteId(),
                        ConsumerHealth.describe(e), e);
            }
            // As an exception, Camel's poll strategy and the exception handler take it, and polling goes on.
            throw new RuntimeCamelException("Polling " + getEndpoint().healthCheckName() + " failed with "
                                            + ConsumerHealth.describe(e), e);
        }
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "polling"));
        if (this instanceof StatefulConsumer) {
            details.put("lag", lag);
            details.put("catchingUp", catchingUp);
        }
        healthDetails(details);
        return health.report("polls", health.succeededOnce(), "starting: no poll has succeeded yet", details);
    }

    /** Adds what this kind of consumer has to tell to its health check's details. */
    protected void healthDetails(Map<String, Object> details) {
    }

    private boolean stopping() {
        CamelContext context = getEndpoint().getCamelContext();
        return context.isStopping() || context.isStopped() || !isRunAllowed();
    }

    @Override
    public int processBatch(Queue<Object> items) throws Exception {
        int total = maxMessagesPerPoll > 0 ? Math.min(maxMessagesPerPoll, items.size()) : items.size();
        for (int index = 0; index < total && isBatchAllowed(); index++) {
            Item item = (Item) items.poll();
            Exchange exchange = createExchange(false);
            Message message = exchange.getMessage();
            message.setBody(item.body());
            item.headers().forEach(message::setHeader);
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
            if (!completed.done()) {
                pendingExchanges = 0;
                return index;
            }
        }
        pendingExchanges = 0;
        return total;
    }
}
