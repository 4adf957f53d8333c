package com.camelexchange.client.internal.stream;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.internal.json.PushFrames;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The life of a session's connection: opened with the first channel, every channel subscribed on it, kept alive
 * by a tick every {@code keepAlive} (a ping; a connection that brings no frame at all for {@code silenceTimeout}
 * is taken as dead, since the exchange answers every ping), and opened again after a backoff with jitter when it
 * drops, dies or cannot be opened; then each subscriber is told, so that it can catch up what it missed, and told
 * again once the exchange answered a ping sent after the subscriptions ({@link SubscriptionSettlement}). Each
 * reconnect is logged once at INFO and counted. The session's lock: the channels change under it too.
 */
final class SessionLink {
    /** Logged as the session: the connection's life is what a reader of the log looks for there. */
    private static final Logger LOG = LoggerFactory.getLogger(StreamSession.class);

    private final URI uri;
    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final StreamSettings settings;
    private final PushFrames frames;
    private final Map<String, SessionChannel> channels;
    private final FrameDispatch dispatch;
    private final SubscriptionSettlement settlement;
    private final Runnable tick;
    private final Backoff backoff;
    private final AtomicLong reconnects = new AtomicLong();

    // Guarded by this.
    private Connection current;
    private int generation;
    private boolean connecting;
    private boolean everConnected;
    private boolean closed;
    private boolean outageReported;
    private long downSince;
    private String downCause;
    private ScheduledFuture<?> pendingConnect;
    private ScheduledFuture<?> keepAliveTask;

    /**
     * @param channels the session's channels, read here, changed by the session under this object's lock
     * @param tick     run every {@code keepAlive} while connected
     */
    SessionLink(URI uri, HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                PushFrames frames, Map<String, SessionChannel> channels, FrameDispatch dispatch,
                SubscriptionSettlement settlement, Runnable tick) {
        this.uri = uri;
        this.http = http;
        this.scheduler = scheduler;
        this.settings = settings;
        this.frames = frames;
        this.channels = channels;
        this.dispatch = dispatch;
        this.settlement = settlement;
        this.tick = tick;
        this.backoff = new Backoff(settings.reconnectDelay(), settings.maxReconnectDelay());
    }

    /** The connection open now, or null. */
    synchronized Connection current() {
        return current;
    }

    synchronized boolean isClosed() {
        return closed;
    }

    long reconnects() {
        return reconnects.get();
    }

    /** Opens the connection unless one is open, being opened or planned. */
    synchronized void connectIfIdle() {
        if (current == null && !connecting && pendingConnect == null) {
            connect();
        }
    }

    /** Closes the connection for good. */
    synchronized void close() {
        closed = true;
        disconnect();
    }

    private synchronized void connect() {
        pendingConnect = null;
        if (closed || channels.isEmpty() || current != null || connecting) {
            return;
        }
        connecting = true;
        int attempt = ++generation;
        Receiver receiver = new Receiver(this, dispatch, settings.maxFrameSize(), attempt);
        http.newWebSocketBuilder().connectTimeout(settings.connectTimeout())
                .buildAsync(uri, receiver)
                .whenComplete((socket, failure) -> {
                    if (failure != null) {
                        connectFailed(attempt, failure);
                    } else {
                        opened(attempt, socket, receiver);
                    }
                });
    }

    private void opened(int attempt, WebSocket socket, Receiver receiver) {
        synchronized (this) {
            if (attempt != generation || closed || channels.isEmpty()) {
                socket.abort();
                if (attempt == generation) {
                    connecting = false;
                }
                return;
            }
            connecting = false;
            outageReported = false;
            Connection connection = new Connection(attempt, socket, scheduler,
                    (failed, why) -> lost(failed, "sending failed: " + reason(why)));
            current = connection;
            receiver.take(connection);
            long now = System.nanoTime();
            for (SessionChannel channel : channels.values()) {
                // Told before the subscription goes out, so before any push of it: a listener that catches up on
                // being subscribed never takes this subscription's first pushes for ones from before it.
                channel.listeners.forEach(l -> dispatch.tell(l, l::onSubscribed));
                // The watch too: the answer may arrive before send returns, and must not be taken for none.
                channel.watch.subscribed(now, true);
                connection.send(channel.subscribeFrame(frames));
            }
            // One ping after them all: its pong says the exchange took every subscription of this connection.
            settlement.await(connection, channels.values());
            if (everConnected) {
                reconnects.incrementAndGet();
                LOG.info("Exchange stream {} reconnected after {} ms ({} attempt(s); cause: {}); {} channel(s)"
                         + " subscribed again", uri, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - downSince),
                        backoff.failures(), downCause, channels.size());
            } else {
                LOG.debug("Exchange stream {} connected; {} channel(s)", uri, channels.size());
            }
            everConnected = true;
            if (keepAliveTask == null) {
                long every = settings.keepAlive().toMillis();
                keepAliveTask = scheduler.scheduleWithFixedDelay(tick, every, every, TimeUnit.MILLISECONDS);
            }
        }
    }

    private synchronized void connectFailed(int attempt, Throwable failure) {
        if (attempt != generation) {
            return;
        }
        connecting = false;
        if (!everConnected && downCause == null) {
            downSince = System.nanoTime();
        }
        downCause = reason(failure);
        if (!outageReported) {
            // Once per outage: a wrong address or a refused upgrade would otherwise only show at DEBUG.
            outageReported = true;
            LOG.warn("Exchange stream {}: cannot connect ({}); trying again with backoff", uri, downCause);
        }
        retryLater();
    }

    /** The connection of {@code attempt} is gone (closed, failed, silent or hostile): open another. */
    synchronized void lost(int attempt, String cause) {
        if (current == null || current.attempt != attempt) {
            return;
        }
        current.gone = true;
        current.socket.abort();
        current = null;
        forgetSnapshots();
        generation++;
        downSince = System.nanoTime();
        downCause = cause;
        LOG.debug("Exchange stream {} lost: {}", uri, cause);
        retryLater();
    }

    /** The connection brought a frame it could read: the next outage starts its backoff from the first delay. */
    synchronized void proven() {
        backoff.reset();
    }

    private void retryLater() {
        if (closed || channels.isEmpty()) {
            return;
        }
        Duration delay = backoff.next();
        LOG.debug("Exchange stream {}: connecting again in {} ms (attempt {}; {})", uri, delay.toMillis(),
                backoff.failures(), downCause);
        pendingConnect = scheduler.schedule(this::connect, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Lets the connection go (the last channel left, or the session closes). */
    synchronized void disconnect() {
        generation++;
        connecting = false;
        if (pendingConnect != null) {
            pendingConnect.cancel(false);
            pendingConnect = null;
        }
        if (keepAliveTask != null) {
            keepAliveTask.cancel(false);
            keepAliveTask = null;
        }
        if (current != null) {
            WebSocket socket = current.socket;
            current.gone = true;
            current = null;
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(1, TimeUnit.SECONDS)
                    .whenComplete((ws, e) -> socket.abort());
        }
        forgetSnapshots();
        everConnected = false;
        backoff.reset();
    }

    /**
     * A snapshot kept from a connection that is gone is never handed to a listener: the next connection's
     * subscription brings a fresh one, and the book may have moved meanwhile.
     */
    private void forgetSnapshots() {
        channels.values().forEach(c -> {
            c.forgetSnapshot();
            c.watch.unsubscribed();
        });
    }

    /**
     * The keepalive: a connection silent for longer than {@code silenceTimeout} is lost; a live one gets a ping.
     *
     * @return whether the connection is open and alive, so its channels may be checked
     */
    boolean keepAlive() {
        Connection connection = current();
        if (connection == null) {
            return false;
        }
        long silentNanos = System.nanoTime() - connection.lastFrame;
        if (silentNanos > settings.silenceTimeout().toNanos()) {
            lost(connection.attempt, "silent for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms");
            return false;
        }
        connection.ping(frames.ping());
        return true;
    }

    static String reason(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": " + Echo.cut(message, 120));
    }
}
