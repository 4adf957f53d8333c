package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.PushedWork;
import com.camelexchange.client.feed.StreamHealth;
import com.camelexchange.client.feed.core.FeedPosition;
import com.camelexchange.client.feed.core.Pushes;
import com.camelexchange.client.feed.market.TradePushes;
import com.camelexchange.client.stream.Backoff;
import com.camelexchange.client.stream.StreamSessions;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.DefaultConsumer;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A consumer driven by the exchange's pushes, whatever they carry: the client's kind of data ({@link Pushes}: a
 * ticker, a book, trades, K-lines, which {@link Feeds} makes of the endpoint) and its work ({@link PushedWork}: the
 * subscription, the runs on the component's shared pool {@code streamThreads}, the catch-ups over REST) do the
 * streaming; this class is the Camel side: its start and stop, its exchanges, its exception handler and its health.
 * After a failure (a route that failed, a REST call that failed, a JVM {@link Error}) the next run waits the
 * component's reconnect backoff, on a timer: from {@code reconnectDelay}, doubling per failure in a row up to
 * {@code maxReconnectDelay}. A catch-up that fails for a reason that passes (a page refused whole, the exchange
 * unavailable) is logged once at WARN without a stack trace, then at DEBUG until one succeeds ({@link PollFailures});
 * the route's own exception handler still gets each.
 *
 * <p>Its health check ({@link StreamHealth}) reads DOWN while the connection is down, the channel refused or the
 * consumer's own attempts fail; it is not ready before the channel is first subscribed, nor while a consumer with
 * a position catches up at start. While its channel is silent it reads DOWN, unless it has a position (trades,
 * K-lines) and its data is read over REST meanwhile: then UP, degraded.
 */
public class PushedConsumer extends DefaultConsumer
        implements PushedWork.Delivery, HealthReporting, StatefulConsumer {
    private final Feeds.Feed feed;
    private final StreamHealth health;
    private final ExceptionHandler notingHandler;
    private final PollFailures failures;
    private volatile PushedWork work;
    private Runnable unregisterHealth = () -> { };

    public PushedConsumer(ExchangeEndpoint endpoint, Processor processor, Feeds.Feed feed) {
        super(endpoint, processor);
        this.feed = feed;
        health = new StreamHealth(endpoint.healthCheckName());
        notingHandler = new Noting();
        failures = new PollFailures(() -> PollFailures.subject(endpoint, getRouteId()), "catch-up",
                "catch-ups");
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    /** Whether it streams trades, whose ids it may refuse ({@link #refusedTradeIds()}). */
    public boolean refusesTradeIds() {
        PushedWork w = work;
        return w != null && w.kind() instanceof TradePushes;
    }

    /** Trade ids refused so far (pushed or read over REST); 0 before the consumer started or for other data. */
    public long refusedTradeIds() {
        PushedWork w = work;
        return w != null && w.kind() instanceof TradePushes trades ? trades.refusedTradeIds() : 0;
    }

    @Override
    public FeedPosition state() {
        PushedWork w = work;
        return w == null ? null : w.kind().state();
    }

    /** The configured exception handler, noting on the way the failures that tell this consumer's health. */
    @Override
    public ExceptionHandler getExceptionHandler() {
        return notingHandler;
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "streaming"));
        PushedWork w = work;
        return w != null ? w.healthReport(details) : health.report(null, null, details, null, null);
    }

    @Override
    protected void doStart() throws Exception {
        ExchangeEndpoint endpoint = getEndpoint();
        RepositoryPositions.start(endpoint);
        Pushes kind = feed.pushed().get();
        super.doStart();
        if (endpoint.getExceptionHandler() == null && !endpoint.isBridgeErrorHandler()
            && !PollFailures.isQuiet(super.getExceptionHandler())) {
            setExceptionHandler(failures.quiet(super.getExceptionHandler()));
        }
        var component = endpoint.getComponent();
        StreamSessions streams = component.streams();
        getHealthCheck().setEnabled(component.isHealthCheckConsumerEnabled());
        PushedWork started = new PushedWork(kind, streams, health, this, new Backoff(
                Duration.ofMillis(component.getReconnectDelay()), Duration.ofMillis(component.getMaxReconnectDelay())));
        work = started;
        // A connection that is silent this long is taken as dead; one that is not there after it, too.
        started.start(Duration.ofMillis(Math.max(component.getSilenceTimeout(), component.getConnectTimeout())));
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, endpoint);
        endpoint.consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        // Null when the consumer never started (its route failed to start): there is nothing to stop.
        PushedWork stopping = work;
        if (stopping != null) {
            // The exchange in flight, if any, completes; no run comes after it.
            stopping.stop(Duration.ofMillis(getEndpoint().getCamelContext().getExecutorServiceManager()
                    .getShutdownAwaitTermination()));
        }
        super.doStop();
    }

    // ---------------------------------------------------------------- the work's delivery (the shared pool)

    /**
     * Sends one item through the route as a message and waits for it, with the headers the feed puts into the
     * message's own (no map of their own per message) and the operation's header added. {@code onCompleted}
     * (storing a position) runs only when the exchange completes successfully; a failure goes to the consumer's
     * exception handler.
     *
     * @return whether the exchange completed successfully
     */
    @Override
    public boolean deliver(Object item, Runnable onCompleted) {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        feed.messages().into(item, message);
        message.setHeader(ExchangeConstants.OPERATION, getEndpoint().getOperation().name());
        OnSuccess completion = new OnSuccess(onCompleted);
        exchange.getExchangeExtension().addOnCompletion(completion);
        try {
            getProcessor().process(exchange);
            // Read while the exchange is still ours: a pooled exchange is reset once released.
            if (!completion.done() && exchange.getException() != null) {
                getExceptionHandler().handleException("Processing failed; it is delivered again", exchange,
                        exchange.getException());
            }
        } catch (Exception e) {
            getExceptionHandler().handleException("Processing failed; it is delivered again", exchange, e);
        } finally {
            releaseExchange(exchange, false);
        }
        return completion.done();
    }

    /**
     * A failure of the consumer's own (a catch-up, a refused channel, its work): to the exception handler, and one
     * that passes logged here, once per run of them.
     */
    @Override
    public void report(String message, Throwable cause) {
        failures.failed(cause);
        getExceptionHandler().handleException(message, cause);
    }

    @Override
    public void recovered(int failed) {
        failures.succeeded();
    }

    /**
     * The configured exception handler, the one configured now, noting the consumer's own failures (those without an
     * exchange) in its health on the way.
     */
    private final class Noting implements ExceptionHandler {
        @Override
        public void handleException(Throwable exception) {
            health.note(exception);
            PushedConsumer.super.getExceptionHandler().handleException(exception);
        }

        @Override
        public void handleException(String message, Throwable exception) {
            health.note(exception);
            PushedConsumer.super.getExceptionHandler().handleException(message, exception);
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            if (exchange == null) {
                health.note(exception);
            }
            PushedConsumer.super.getExceptionHandler().handleException(message, exchange, exception);
        }
    }
}
