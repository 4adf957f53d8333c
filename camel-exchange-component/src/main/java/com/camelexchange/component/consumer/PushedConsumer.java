package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.PushedFeed;
import com.camelexchange.client.feed.FeedPosition;
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
 * A consumer driven by the exchange's pushes, whatever they carry: the client's streamed feed ({@link PushedFeed}: a
 * ticker, a book, trades, K-lines, which the client's feed factory makes of what {@link Feeds} says the endpoint
 * follows, as it makes a program's) does the streaming: the subscription, the runs on the component's shared pool
 * {@code streamThreads}, the catch-ups over REST. This class is the Camel side: its start and stop, its exchanges, its exception handler and its health.
 * After a failure (a route that failed, a REST call that failed, a JVM {@link Error}) the next run waits the
 * component's reconnect backoff, on a timer: from {@code reconnectDelay}, doubling per failure in a row up to
 * {@code maxReconnectDelay}. A catch-up that fails for a reason that passes (a page refused whole, the exchange
 * unavailable) is logged once at WARN without a stack trace, then at DEBUG until one succeeds ({@link PollFailures});
 * the route's own exception handler still gets each.
 *
 * <p>Its health check (its feed's) reads DOWN while the connection is down, the channel refused or the
 * consumer's own attempts fail; it is not ready before the channel is first subscribed, nor while a consumer with
 * a position catches up at start. While its channel is silent it reads DOWN, unless it has a position (trades,
 * K-lines) and its data is read over REST meanwhile: then UP, degraded.
 */
public class PushedConsumer extends DefaultConsumer
        implements PushedFeed.Delivery, HealthReporting, StatefulConsumer {
    private final Feeds.Feed feed;
    private final ExceptionHandler notingHandler;
    private final PollFailures failures;
    /** What it streams, with its health: made at each start (a bad option fails the start). */
    private volatile PushedFeed pushed;
    private Runnable unregisterHealth = () -> { };

    public PushedConsumer(ExchangeEndpoint endpoint, Processor processor, Feeds.Feed feed) {
        super(endpoint, processor);
        this.feed = feed;
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
        PushedFeed current = pushed;
        return current != null && current.refusesTradeIds();
    }

    /** Trade ids refused so far (pushed or read over REST); 0 before the consumer started or for other data. */
    public long refusedTradeIds() {
        PushedFeed current = pushed;
        return current == null ? 0 : current.refusedTradeIds();
    }

    @Override
    public FeedPosition state() {
        PushedFeed current = pushed;
        return current == null ? null : current.position();
    }

    /** The configured exception handler, noting on the way the failures that tell this consumer's health. */
    @Override
    public ExceptionHandler getExceptionHandler() {
        return notingHandler;
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "streaming"));
        PushedFeed current = pushed;
        // Before its first start: not subscribed yet.
        return current != null ? current.health(details) : new ConsumerHealth().report("attempts", false,
                "starting: the channel is not subscribed yet", details);
    }

    @Override
    protected void doStart() throws Exception {
        ExchangeEndpoint endpoint = getEndpoint();
        RepositoryPositions.start(endpoint);
        // Made again on each start: a stopped feed has let go of the streams it ran on.
        PushedFeed starting = feed.pushed();
        super.doStart();
        if (endpoint.getExceptionHandler() == null && !endpoint.isBridgeErrorHandler()
            && !PollFailures.isQuiet(super.getExceptionHandler())) {
            setExceptionHandler(failures.quiet(super.getExceptionHandler()));
        }
        getHealthCheck().setEnabled(endpoint.getComponent().isHealthCheckConsumerEnabled());
        pushed = starting;
        starting.start(this);
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, endpoint);
        endpoint.consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        // Null when the consumer never started (its route failed to start): there is nothing to stop.
        PushedFeed stopping = pushed;
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
        ConsumerDeliveries deliveries = getEndpoint().getComponent().deliveries();
        // Once the context stops: not emitted, and not a failure; the next run (here or on the next leader) emits it
        // from the stored position.
        if (ConsumerStopping.stopping(this) || !deliveries.begin()) {
            return false;
        }
        try {
            return emit(item, onCompleted);
        } finally {
            deliveries.end();
        }
    }

    private boolean emit(Object item, Runnable onCompleted) {
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

    /** A failure of the consumer's own counts in its feed's health, once it started. */
    private void note(Throwable failure) {
        PushedFeed current = pushed;
        if (current != null) {
            current.note(failure);
        }
    }

    /**
     * The configured exception handler, the one configured now, noting the consumer's own failures (those without an
     * exchange) in its health on the way.
     */
    private final class Noting implements ExceptionHandler {
        @Override
        public void handleException(Throwable exception) {
            note(exception);
            PushedConsumer.super.getExceptionHandler().handleException(exception);
        }

        @Override
        public void handleException(String message, Throwable exception) {
            note(exception);
            PushedConsumer.super.getExceptionHandler().handleException(message, exception);
        }

        @Override
        public void handleException(String message, Exchange exchange, Throwable exception) {
            if (exchange == null) {
                note(exception);
            }
            PushedConsumer.super.getExceptionHandler().handleException(message, exchange, exception);
        }
    }
}
