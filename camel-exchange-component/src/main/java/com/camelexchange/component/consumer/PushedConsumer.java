package com.camelexchange.component.consumer;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.json.PushFrame;
import com.camelexchange.client.stream.Backoff;
import com.camelexchange.client.stream.StreamListener;
import com.camelexchange.client.stream.StreamSession;
import com.camelexchange.client.stream.StreamSessions;
import com.camelexchange.client.stream.StreamSubscription;
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
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A consumer driven by the exchange's pushes, whatever they carry: the kind of data ({@link Pushes}: a ticker, a
 * book, trades, K-lines) says how to read a push and what it becomes; this class is the Camel side: its start and
 * stop, its subscription, its messages and its health. The connection's threads only hand pushes over; the
 * consumer's work (turning them into exchanges, one at a time and in order, and catching up over REST) runs on the
 * component's shared pool ({@code streamThreads}) without a thread of its own ({@link PushedWork}): a slow route
 * holds one of the pool's threads, not the connection nor, while the pool has others, the other channels, and a
 * busy one takes turns with them. After a failure (a route that failed, a REST call that failed, a JVM
 * {@link Error}) the next run waits the component's reconnect backoff, on a timer.
 *
 * <p>Its health check ({@link StreamHealth}) reads DOWN while the connection is down, the channel refused or the
 * consumer's own attempts fail; it is not ready before the channel is first subscribed, nor while a consumer with
 * a position catches up at start. While its channel is silent it reads DOWN, unless it has a position (trades,
 * K-lines) and its data is read over REST meanwhile: then UP, degraded.
 */
public class PushedConsumer extends DefaultConsumer implements StreamListener, HealthReporting, StatefulConsumer {
    private final Function<ExchangeEndpoint, Pushes> kinds;
    private final StreamHealth health;
    private final ExceptionHandler notingHandler;
    private volatile Pushes kind;
    private volatile PushedWork work;
    private volatile StreamSubscription subscription;
    private volatile StreamSession session;
    private ScheduledFuture<?> ticks;
    private Runnable unregisterHealth = () -> { };

    PushedConsumer(ExchangeEndpoint endpoint, Processor processor, Function<ExchangeEndpoint, Pushes> kinds) {
        super(endpoint, processor);
        this.kinds = kinds;
        health = new StreamHealth(endpoint.healthCheckName());
        notingHandler = health.noting(super::getExceptionHandler);
        setHealthCheck(ConsumerHealthChecks.checkOf(endpoint, this));
    }

    /** The consumer of an endpoint's pushes: only the market data the exchange pushes can be streamed. */
    public static PushedConsumer of(ExchangeEndpoint endpoint, Processor processor) {
        Function<ExchangeEndpoint, Pushes> kind = switch (endpoint.getOperation()) {
            case ticker -> TickerPushes::of;
            case depth -> DepthPushes::of;
            case trades -> TradePushes::of;
            case kline -> KlinePushes::of;
            default -> throw new UnsupportedOperationException("exchange:" + endpoint.getOperation() + " is not"
                    + " pushed; streaming works for the ticker, depth, trades and kline consumers");
        };
        return new PushedConsumer(endpoint, processor, kind);
    }

    @Override
    public ExchangeEndpoint getEndpoint() {
        return (ExchangeEndpoint) super.getEndpoint();
    }

    /** Whether it streams trades, whose ids it may refuse ({@link #refusedTradeIds()}). */
    public boolean refusesTradeIds() {
        return kind instanceof TradePushes;
    }

    /** Trade ids refused so far (pushed or read over REST); 0 before the consumer started or for other data. */
    public long refusedTradeIds() {
        return kind instanceof TradePushes trades ? trades.refusedTradeIds() : 0;
    }

    @Override
    public StatefulConsumer.State state() {
        Pushes k = kind;
        return k == null ? null : k.state();
    }

    /** The configured exception handler, noting on the way the failures that tell this consumer's health. */
    @Override
    public ExceptionHandler getExceptionHandler() {
        return notingHandler;
    }

    @Override
    public ConsumerHealth.Report healthReport() {
        Map<String, Object> details = new LinkedHashMap<>(ConsumerHealthChecks.describe(getEndpoint(), "streaming"));
        Pushes k = kind;
        if (k != null) {
            k.details(details);
        }
        return health.report(session, k == null ? null : k.channel(), details, k == null ? null : k.notReady(),
                k == null ? null : k.restPace());
    }

    @Override
    protected void doStart() throws Exception {
        kind = kinds.apply(getEndpoint());
        super.doStart();
        var component = getEndpoint().getComponent();
        StreamSessions streams = component.streams();
        getHealthCheck().setEnabled(component.isHealthCheckConsumerEnabled());
        // A connection that is silent this long is taken as dead; one that is not there after it, too.
        health.starting(Duration.ofMillis(Math.max(component.getSilenceTimeout(), component.getConnectTimeout())));
        PushedWork started = new PushedWork(this, kind, health, streams, reconnectBackoff(getEndpoint()));
        work = started;
        Duration tick = kind.tick();
        if (tick != null) {
            ticks = streams.timer().scheduleWithFixedDelay(started::wake, tick.toMillis(), tick.toMillis(),
                    TimeUnit.MILLISECONDS);
        }
        session = streams.session(kind.address());
        subscription = session.subscribe(kind.channel(), kind.length(), health.listenerFor(this));
        unregisterHealth = ConsumerHealthChecks.registerIfHidden(this, getEndpoint());
        getEndpoint().consumerStarted(this);
    }

    @Override
    protected void doStop() throws Exception {
        getEndpoint().consumerStopped(this);
        unregisterHealth.run();
        StreamSubscription held = subscription;
        if (held != null) {
            subscription = null;
            held.close();
        }
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
        // Null when the consumer never started (its route failed to start): there is nothing to stop.
        PushedWork stopping = work;
        if (stopping != null) {
            // The exchange in flight, if any, completes; no run comes after it.
            stopping.stop(Duration.ofMillis(getEndpoint().getCamelContext().getExecutorServiceManager()
                    .getShutdownAwaitTermination()));
        }
        // Let go of the component's WebSocket client: a stopped route may outlive its component (Camel's simple
        // language keeps the last context), and the client's selector thread ends only once nothing refers to it.
        session = null;
        super.doStop();
    }

    // ---------------------------------------------------------------- the session's listener (connection threads)

    @Override
    public void onSubscribed() {
        wakeIf(kind.subscribed());
    }

    @Override
    public void onFrame(PushFrame frame) {
        Pushes k = kind;
        boolean due;
        try {
            due = k.pushed(frame);
        } catch (ExchangeClientException unreadable) {
            // Counted for the channel once a push, whatever the number of its subscribers, and logged by the
            // session at most once a minute without a stack trace: a hostile peer could send one on every push.
            // Not the consumer's failure: a kind with a position catches up from it, and the next snapshot
            // replaces a snapshot.
            if (frame.firstToTell()) {
                undecodable(unreadable.getMessage());
            }
            due = k.gap();
        }
        wakeIf(due);
    }

    @Override
    public void onGap(String reason) {
        wakeIf(kind.gap());
    }

    @Override
    public void onChannelError(int code, String message) {
        String channel = kind.channel();
        reportLater("The exchange refused the channel " + channel,
                new ExchangeErrorReplyException(channel, code, message));
    }

    @Override
    public boolean onSilent(Duration silentFor) {
        boolean checks = kind.silent();
        wakeIf(checks);
        return checks;
    }

    @Override
    public boolean snapshots() {
        return kind.snapshots();
    }

    private void wakeIf(boolean due) {
        PushedWork w = work;
        if (due && w != null) {
            w.wake();
        }
    }

    private void reportLater(String message, Throwable cause) {
        PushedWork w = work;
        if (w != null) {
            w.reportLater(message, cause);
        }
    }

    /** Tells the session that a push of this channel could not be read: counted and logged per channel. */
    private void undecodable(String reason) {
        StreamSubscription held = subscription;
        if (held != null) {
            held.undecodable(reason);
        }
    }

    /** Tells the session that REST showed data the channel should have pushed: it subscribes it again. */
    void missedPushes(String evidence) {
        StreamSubscription held = subscription;
        if (held != null) {
            held.missedPushes(evidence);
        }
    }

    /** Whether the session found this consumer's channel silent, and it has not pushed since. */
    boolean channelSilent() {
        StreamSubscription held = subscription;
        return held != null && held.silent();
    }

    /**
     * How often a polling consumer of this endpoint would read: its {@code delay}, or Camel's default for it. A
     * consumer with a position reads its channel's data over REST this often while the channel is silent.
     */
    static Duration pollingDelay(ExchangeEndpoint endpoint) {
        long delay = endpoint.getDelay() >= 0 ? endpoint.getDelay() : endpoint.getDefaultDelay();
        return Duration.ofMillis(endpoint.getTimeUnit().toMillis(delay));
    }

    /** A backoff of the component's reconnect delays, for a wait of a consumer's own. */
    static Backoff reconnectBackoff(ExchangeEndpoint endpoint) {
        var component = endpoint.getComponent();
        return new Backoff(Duration.ofMillis(component.getReconnectDelay()),
                Duration.ofMillis(component.getMaxReconnectDelay()));
    }

    /**
     * Sends one message through the route and waits for it, with the headers {@code headers} puts into the
     * message's own (no map of their own per message) and the operation's header added. {@code onCompleted}
     * (storing a position) runs only when the exchange completes successfully; a failure goes to the consumer's
     * exception handler.
     *
     * @return whether the exchange completed successfully
     */
    <B> boolean emit(B body, BiConsumer<? super B, Map<String, Object>> headers, Runnable onCompleted) {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        message.setBody(body);
        headers.accept(body, message.getHeaders());
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
}
