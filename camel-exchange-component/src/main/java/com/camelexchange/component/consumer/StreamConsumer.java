package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClient;
import com.camelexchange.component.api.ExchangeErrorReplyException;
import com.camelexchange.component.api.wire.PushFrames;
import com.camelexchange.component.stream.Backoff;
import com.camelexchange.component.stream.StreamListener;
import com.camelexchange.component.stream.StreamSession;
import com.camelexchange.component.stream.StreamSubscription;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.DefaultConsumer;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A consumer driven by the exchange's pushes. The connection's threads only hand frames over
 * ({@link #onFrame} stores, then {@link #wake}s); one worker thread of this consumer turns them into
 * exchanges, one at a time and in order, so a slow route holds up neither the connection nor other
 * channels. What the worker does is {@link #work}; after a failure (a route that failed, a REST call
 * that failed) it waits with the component's reconnect backoff and works again; a JVM {@link Error} (out of
 * memory) too, logged at ERROR once, rather than ending the worker while the route still reads Started.
 *
 * <p>Its health check ({@link StreamHealth}) reads DOWN while the connection is down, the channel refused or
 * the consumer's own attempts fail, and is not ready before the channel is first subscribed.
 */
abstract class StreamConsumer extends DefaultConsumer implements StreamListener, HealthReporting {
    private static final Object WAKE = new Object();

    private final BlockingQueue<Object> wakeups = new ArrayBlockingQueue<>(1);
    private final Queue<Failure> failuresToReport = new ConcurrentLinkedQueue<>();
    // A new one per start, should this consumer be started again after a stop.
    private CountDownLatch stopped;
    protected ExchangeClient client;
    /** Reads the pushed frames; taken at start so the connection's threads never go back to the component. */
    protected PushFrames frames;
    private Backoff failures;
    private ExecutorService worker;
    private volatile StreamSubscription subscription;
    private volatile boolean running;
    private final StreamHealth health;
    private final ExceptionHandler notingHandler;
    private volatile StreamSession session;
    private Runnable unregisterHealth = () -> { };

    protected StreamConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        health = new StreamHealth(endpoint.healthCheckName());
        notingHandler = health.noting(super::getExceptionHandler);
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    /** Reads the endpoint's options, once, when the consumer starts. */
    protected abstract void resolve();

    /** The channel to subscribe to, e.g. {@code btcusdt_trades}. */
    protected abstract String channel();

    /** The address of the session; most channels live on the main one. */
    protected String address() {
        return StreamAddresses.main(getEndpoint().getConfiguration());
    }

    /** Sent with the subscription; only the short book has one. */
    protected Integer length() {
        return null;
    }

    /** Does what is due: emits what arrived, catches up. Returns normally when there is nothing left. */
    protected abstract void work() throws Exception;

    /** How long the worker may sleep when nothing arrives; K-lines wake to close candles on time. */
    protected long idleMillis() {
        return TimeUnit.SECONDS.toMillis(1);
    }

    /** Work is waiting: wakes the worker (a wake-up already pending covers this one). */
    protected final void wake() {
        wakeups.offer(WAKE);
    }

    /** Something to tell the exception handler, from the worker rather than from the connection's threads. */
    private record Failure(String message, Throwable cause) {
    }

    /**
     * Reports a failure seen on the connection's threads: the worker hands it to the exception handler, which
     * may run a route (bridgeErrorHandler) and must not hold up the connection.
     */
    protected final void reportLater(String message, Throwable cause) {
        failuresToReport.add(new Failure(message, cause));
        wake();
    }

    /** The configured exception handler, noting on the way the failures that tell this consumer's health. */
    @Override
    public ExceptionHandler getExceptionHandler() {
        return notingHandler;
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "streaming"));
        healthDetails(details);
        return health.report(session, channel(), details);
    }

    /** Adds what this kind of consumer has to tell to its health check's details. */
    protected void healthDetails(Map<String, Object> details) {
    }

    @Override
    public void onChannelError(int code, String message) {
        reportLater("The exchange refused the channel " + channel(),
                new ExchangeErrorReplyException(channel(), code, message));
    }

    @Override
    protected void doStart() throws Exception {
        resolve();
        client = getEndpoint().client();
        super.doStart();
        var component = getEndpoint().getComponent();
        frames = component.streams().frames();
        stopped = new CountDownLatch(1);
        failures = newBackoff();
        running = true;
        getHealthCheck().setEnabled(component.isHealthCheckConsumerEnabled());
        // A connection that is silent this long is taken as dead; one that is not there after it, too.
        health.starting(Duration.ofMillis(Math.max(component.getSilenceTimeout(), component.getConnectTimeout())));
        worker = getEndpoint().getCamelContext().getExecutorServiceManager()
                .newSingleThreadExecutor(this, "ExchangeStream " + channel());
        worker.execute(this::run);
        session = component.streams().session(address());
        subscription = session.subscribe(channel(), length(), health.listenerFor(this));
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, getEndpoint());
        getEndpoint().consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        running = false;
        // Null when the consumer never started (its route failed to start): there is nothing to stop.
        if (stopped != null) {
            stopped.countDown();
        }
        StreamSubscription held = subscription;
        if (held != null) {
            subscription = null;
            held.close();
        }
        wake();
        if (worker != null) {
            // The exchange in flight, if any, completes; the worker then sees running is false.
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdownGraceful(worker);
            worker = null;
        }
        super.doStop();
    }

    protected final boolean running() {
        return running;
    }

    private void run() {
        while (running) {
            try {
                wakeups.poll(idleMillis(), TimeUnit.MILLISECONDS);
                for (Failure f = failuresToReport.poll(); f != null; f = failuresToReport.poll()) {
                    getExceptionHandler().handleException(f.message(), f.cause());
                }
                if (running) {
                    long failuresBefore = health.failures();
                    work();
                    if (health.failures() == failuresBefore) {
                        health.succeeded();
                    }
                }
            } catch (InterruptedException e) {
                if (!running) {
                    return;
                }
                // Not a stop: an interrupt left behind by route code must not end the stream.
                Thread.interrupted();
            } catch (Exception | Error e) {
                // An Error too (out of memory, stack overflow): the worker must not end while the route reads Started.
                getExceptionHandler().handleException("Streaming " + channel() + " failed; trying again", e);
                pause();
            }
        }
    }

    /** Tells the session that a push of this channel could not be read: counted and logged per channel. */
    protected final void undecodable(String reason) {
        StreamSubscription held = subscription;
        if (held != null) {
            held.undecodable(reason);
        }
    }

    /** Tells the session that REST showed data this channel should have pushed: it subscribes it again. */
    protected final void missedPushes(String evidence) {
        StreamSubscription held = subscription;
        if (held != null) {
            held.missedPushes(evidence);
        }
    }

    /** A backoff of the component's reconnect delays, for a wait of a consumer's own. */
    protected final Backoff newBackoff() {
        var component = getEndpoint().getComponent();
        return new Backoff(Duration.ofMillis(component.getReconnectDelay()),
                Duration.ofMillis(component.getMaxReconnectDelay()));
    }

    /** Waits the next backoff delay after a failure, or until the consumer stops. */
    protected final void pause() {
        pause(failures);
    }

    /** Waits the next delay of {@code backoff}, or until the consumer stops. */
    protected final void pause(Backoff backoff) {
        try {
            stopped.await(backoff.next().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            if (!running) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** After a success the next failure waits the first delay again. */
    protected final void succeeded() {
        failures.reset();
        health.succeeded();
    }

    /**
     * Sends one message through the route and waits for it. {@code onCompleted} (storing a position) runs
     * only when the exchange completes successfully; a failure goes to the consumer's exception handler.
     *
     * @return whether the exchange completed successfully
     */
    protected final boolean emit(Object body, Map<String, Object> headers, Runnable onCompleted) {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        message.setBody(body);
        headers.forEach(message::setHeader);
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
}
