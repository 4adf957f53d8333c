package com.camelexchange.component.stream;

import com.camelexchange.component.api.ConnectionState;
import com.camelexchange.component.api.Echo;
import com.camelexchange.component.api.ExchangeReplyFormatException;
import com.camelexchange.component.api.wire.PushFrames;
import com.camelexchange.component.api.wire.PushFrames.Frame;
import com.camelexchange.component.api.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One WebSocket connection to one address of the exchange, shared by every consumer of a component that
 * streams from it: channels are multiplexed on it, subscribed when their first consumer starts and
 * unsubscribed when their last one stops; the connection opens with the first channel and closes with
 * the last. The exchange sends a snapshot channel's current snapshot (a ticker, a book) when it is
 * subscribed; a consumer joining such a channel later gets the last snapshot received on the connection
 * open now, so it does not wait for the market to change.
 *
 * <p>It keeps itself alive: a ping every {@code keepAlive}; a connection that brings no frame at all for
 * {@code silenceTimeout} is taken as dead (the exchange answers every ping, so silence means a stalled
 * or half-open connection); a dropped or dead connection is opened again after a backoff with jitter,
 * its channels subscribed again, and each subscriber told so that it can catch up what it missed. Each
 * reconnect is logged once at INFO and counted.
 *
 * <p>Uses the JDK's {@link java.net.http.WebSocket}: the component needs nothing more for a text
 * protocol, and it adds no dependency to users' applications.
 */
public final class StreamSession implements ConnectionState {
    private static final Logger LOG = LoggerFactory.getLogger(StreamSession.class);
    /** The channel tag of a frame so broken that its channel cannot be read. */
    public static final String UNKNOWN_CHANNEL = "unknown";

    private final URI uri;
    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final StreamSettings settings;
    private final PushFrames frames;
    private final Map<String, SessionChannel> channels = new ConcurrentHashMap<>();
    private final Backoff backoff;
    private final AtomicLong reconnects = new AtomicLong();
    private final AtomicLong undecodable = new AtomicLong();
    private final AtomicLong lastUndecodableWarning = new AtomicLong();
    private final Metrics metrics;
    private final Clock clock = Clock.systemUTC();

    // Connection state, guarded by this.
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

    public StreamSession(URI uri, HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                         PushFrames frames, Metrics metrics) {
        this.uri = uri;
        this.http = http;
        this.scheduler = scheduler;
        this.settings = settings;
        this.frames = frames;
        this.metrics = metrics;
        this.backoff = new Backoff(settings.reconnectDelay(), settings.maxReconnectDelay());
    }

    /**
     * Adds a listener to a channel, subscribing it (and opening the connection) if it is the first.
     *
     * @param length sent with the subscription (the quick-depth book's length); null for none
     * @return closing it removes the listener, unsubscribing the channel if it was the last
     */
    public StreamSubscription subscribe(String channel, Integer length, StreamListener listener) {
        boolean liveAlready;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("The stream of " + uri + " is closed");
            }
            SessionChannel existing = channels.get(channel);
            boolean first = existing == null;
            if (first) {
                existing = new SessionChannel(channel, length, listener.snapshots(), new ChannelWatch(channel,
                        new ChannelPace(settings.silenceTimeout().toNanos(), settings.channelSilence().toNanos())),
                        this::tell);
                channels.put(channel, existing);
            }
            liveAlready = current != null;
            if (liveAlready && !first) {
                // No subscription is sent, so the exchange sends no snapshot: the last one kept stands in. The
                // listener reads it as it would a push (a book of up to 50 levels) under the session's lock; the
                // channel's lock keeps it in order with the pushes that follow.
                existing.join(listener);
            } else {
                existing.listeners.add(listener);
            }
            if (current != null && first) {
                current.send(frames.subscribe(channel, length));
                existing.watch.subscribed(System.nanoTime(), true);
            } else if (current == null && !connecting && pendingConnect == null) {
                connect();
            }
        }
        if (liveAlready) {
            listener.onSubscribed();
        }
        return new Subscription(channel, listener);
    }

    /** A listener's hold on its channel. */
    private final class Subscription implements StreamSubscription {
        private final String channel;
        private final StreamListener listener;

        Subscription(String channel, StreamListener listener) {
            this.channel = channel;
            this.listener = listener;
        }

        @Override
        public void close() {
            unsubscribe(channel, listener);
        }

        @Override
        public void undecodable(String reason) {
            undecodablePush(channel, reason);
        }

        @Override
        public void missedPushes(String evidence) {
            silenceFound(channel, evidence);
        }
    }

    private synchronized void unsubscribe(String name, StreamListener listener) {
        SessionChannel channel = channels.get(name);
        if (channel == null || !channel.listeners.remove(listener) || !channel.listeners.isEmpty()) {
            return;
        }
        channels.remove(name);
        if (current != null) {
            current.send(frames.unsubscribe(name));
        }
        if (channels.isEmpty()) {
            disconnect();
        }
    }

    /** Whether a connection is open now. */
    public synchronized boolean connected() {
        return current != null;
    }

    /** How many times the connection was opened again after it had been open. */
    public long reconnects() {
        return reconnects.get();
    }

    /** Frames skipped because they could not be read. */
    public long undecodableFrames() {
        return undecodable.get();
    }

    /** The channels subscribed now. */
    public List<String> channels() {
        return List.copyOf(channels.keySet());
    }

    /** Where each channel subscribed now stands, by name. */
    public List<ChannelStatus> channelStatuses() {
        long now = System.nanoTime();
        return channels.values().stream().map(c -> c.watch.status(now))
                .sorted(Comparator.comparing(ChannelStatus::channel)).toList();
    }

    public URI uri() {
        return uri;
    }

    /** Closes the connection for good; used when the component stops. */
    public synchronized void close() {
        closed = true;
        disconnect();
    }

    // ---------------------------------------------------------------- connection lifecycle

    private synchronized void connect() {
        pendingConnect = null;
        if (closed || channels.isEmpty() || current != null || connecting) {
            return;
        }
        connecting = true;
        int attempt = ++generation;
        Receiver receiver = new Receiver(attempt);
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
        List<StreamListener> subscribed = new ArrayList<>();
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
            Connection connection = new Connection(attempt, socket);
            current = connection;
            receiver.connection = connection;
            long now = System.nanoTime();
            for (SessionChannel channel : channels.values()) {
                connection.send(frames.subscribe(channel.name, channel.length));
                channel.watch.subscribed(now, true);
                subscribed.addAll(channel.listeners);
            }
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
                keepAliveTask = scheduler.scheduleWithFixedDelay(this::keepAlive, every, every, TimeUnit.MILLISECONDS);
            }
        }
        subscribed.forEach(l -> tell(l, l::onSubscribed));
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
    private synchronized void lost(int attempt, String cause) {
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

    private void retryLater() {
        if (closed || channels.isEmpty()) {
            return;
        }
        Duration delay = backoff.next();
        LOG.debug("Exchange stream {}: connecting again in {} ms (attempt {}; {})", uri, delay.toMillis(),
                backoff.failures(), downCause);
        pendingConnect = scheduler.schedule(this::connect, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void disconnect() {
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

    private void keepAlive() {
        Connection connection;
        synchronized (this) {
            connection = current;
        }
        if (connection == null) {
            return;
        }
        long silentNanos = System.nanoTime() - connection.lastFrame;
        if (silentNanos > settings.silenceTimeout().toNanos()) {
            lost(connection.attempt, "silent for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms");
        } else {
            connection.send(frames.ping());
            checkChannels();
        }
    }

    // ---------------------------------------------------------------- channel liveness

    /**
     * The connection answers pings, but a channel can still go silent (the exchange stopped serving it). A channel
     * silent for longer than its pace allows is checked: its listeners with a position catch up over REST and say
     * whether the channel missed pushes ({@link #silenceFound}); a snapshot channel, whose listeners cannot check,
     * is subscribed again, which makes the exchange send its snapshot, and a second check finding it still silent
     * reports it.
     */
    private void checkChannels() {
        long now = System.nanoTime();
        for (SessionChannel channel : channels.values()) {
            Duration silentFor = channel.watch.checkDue(now);
            if (silentFor == null) {
                continue;
            }
            boolean checked = false;
            for (StreamListener listener : channel.listeners) {
                try {
                    checked |= listener.onSilent(silentFor);
                } catch (RuntimeException e) {
                    LOG.warn("Exchange stream {}: a subscriber failed on a silence check: {}", uri, e.toString());
                }
            }
            if (!checked) {
                if (channel.watch.checks() > 1) {
                    silenceFound(channel.name, "subscribing again brought no frame");
                } else {
                    LOG.debug("Exchange stream {}: channel {} silent for {} ms; subscribing it again", uri,
                            channel.name, silentFor.toMillis());
                    resubscribe(channel);
                }
            }
        }
    }

    /** The channel missed pushes while the connection lived: reported once per silence, subscribed again. */
    private void silenceFound(String name, String evidence) {
        SessionChannel channel = channels.get(name);
        if (channel == null) {
            return;
        }
        if (channel.watch.report()) {
            metrics.streamSilence(uri.toString(), name);
            LOG.warn("Exchange stream {}: channel {} is silent while the connection is alive ({}, silent for {} ms);"
                     + " subscribing it again", uri, name, evidence,
                    channel.watch.status(System.nanoTime()).silentFor().toMillis());
        }
        resubscribe(channel);
    }

    /** Unsubscribes and subscribes the channel again on the connection open now; its listeners catch up. */
    private void resubscribe(SessionChannel channel) {
        synchronized (this) {
            if (current == null || channels.get(channel.name) != channel) {
                return;
            }
            current.send(frames.unsubscribe(channel.name));
            current.send(frames.subscribe(channel.name, channel.length));
            channel.watch.subscribed(System.nanoTime(), false);
        }
        channel.watch.resubscribes.incrementAndGet();
        metrics.streamResubscribe(uri.toString(), channel.name);
        // Pushes between the two frames are lost: a listener with a position catches up.
        channel.tellAll(StreamListener::onSubscribed);
    }

    /** A listener could not read a push of its channel: counted per channel, logged at most once a minute. */
    private void undecodablePush(String name, String reason) {
        SessionChannel channel = channels.get(name);
        long count = channel == null ? 0 : channel.watch.undecodable.incrementAndGet();
        metrics.streamUndecodable(uri.toString(), name);
        if (channel != null && channel.watch.warnAboutUndecodable(System.nanoTime())) {
            LOG.warn("Exchange stream {}: a push of {} could not be read ({} so far); its subscribers catch up ({})",
                    uri, name, count, Echo.cut(reason, 200));
        } else {
            LOG.debug("Exchange stream {}: a push of {} could not be read: {}", uri, name, reason);
        }
    }

    private static String reason(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null ? "" : ": "
                + Echo.cut(message, 120));
    }

    // ---------------------------------------------------------------- frames

    /** Hands a frame to the listeners of its channel; true for a push or a pong, false otherwise. */
    private boolean dispatch(Connection from, byte[] frame) {
        Frame about;
        try {
            about = frames.envelope(frame);
        } catch (ExchangeReplyFormatException e) {
            long count = undecodable.incrementAndGet();
            metrics.streamUndecodable(uri.toString(), UNKNOWN_CHANNEL);
            if (warnAboutUndecodable()) {
                LOG.warn("Exchange stream {}: a frame could not be read and was skipped ({} so far); subscribers"
                         + " catch up ({})", uri, count, e.getMessage());
            } else {
                LOG.debug("Exchange stream {}: a frame could not be read and was skipped: {}", uri, e.getMessage());
            }
            for (SessionChannel channel : channels.values()) {
                // It may have been a newer snapshot of any channel.
                channel.forgetSnapshot();
                channel.tellAll(l -> l.onGap("an undecodable frame"));
            }
            return false;
        }
        if (PushFrames.PONG.equals(about.channel())) {
            return true;
        }
        SessionChannel channel = channels.get(about.channel());
        if (about.isError()) {
            if (channel == null) {
                LOG.warn("Exchange stream {}: error {} ({})", uri, about.errorCode(), about.errorMessage());
            } else {
                channel.tellAll(l -> l.onChannelError(about.errorCode(), about.errorMessage()));
            }
            return false;
        }
        if (channel != null) {
            if (channel.watch.framed(System.nanoTime(), clock.instant())) {
                LOG.info("Exchange stream {}: channel {} pushes again", uri, channel.name);
            }
            channel.deliver(!from.gone, frame);
        }
        return true;
    }

    /** At most one warning a minute: an exchange sending garbage would otherwise flood the log. */
    private boolean warnAboutUndecodable() {
        long now = System.nanoTime();
        long last = lastUndecodableWarning.get();
        return (last == 0 || now - last > TimeUnit.MINUTES.toNanos(1))
               && lastUndecodableWarning.compareAndSet(last, now);
    }

    /** One listener's failure must not keep the frame from the others, nor break the connection. */
    private void tell(StreamListener listener, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("Exchange stream {}: a subscriber failed on a frame: {}", uri, e.toString());
        }
    }

    /** One open socket; sends are chained because the JDK socket takes one at a time. */
    private final class Connection {
        final int attempt;
        final WebSocket socket;
        volatile long lastFrame = System.nanoTime();
        /** Set once the session let it go: frames still in flight on it are ignored. */
        volatile boolean gone;
        private CompletableFuture<WebSocket> sending;

        Connection(int attempt, WebSocket socket) {
            this.attempt = attempt;
            this.socket = socket;
            this.sending = CompletableFuture.completedFuture(socket);
        }

        synchronized void send(String text) {
            sending = sending.thenCompose(ws -> ws.sendText(text, true));
            // Reported on the scheduler: a send that already failed would otherwise call lost(), which takes
            // the session's lock, while this thread holds the connection's (and callers take them the other
            // way round).
            sending.whenCompleteAsync((ws, failure) -> {
                if (failure != null) {
                    lost(attempt, "sending failed: " + reason(failure));
                }
            }, scheduler);
        }
    }

    /** Receives one connection's frames, bounded, and tells the session when it ends. */
    private final class Receiver implements WebSocket.Listener {
        private final int attempt;
        private final FrameBuffer text = new FrameBuffer(settings.maxFrameSize());
        /** Set when the session takes the socket; until then frames are not for anyone. */
        private volatile Connection connection;
        private boolean proven;

        Receiver(int attempt) {
            this.attempt = attempt;
        }

        @Override
        public void onOpen(WebSocket webSocket) {
            webSocket.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            Connection connection = connection();
            if (connection == null) {
                // Before the session took the socket (nothing is subscribed yet) or after it let it go.
                webSocket.request(1);
                return null;
            }
            connection.lastFrame = System.nanoTime();
            if (!text.append(data)) {
                lost(attempt, "a frame over " + settings.maxFrameSize() + " characters");
                return null;
            }
            if (last) {
                byte[] frame = text.take();
                if (dispatch(connection, frame) && !proven) {
                    // A working connection, not one that answers with an error and closes: the next
                    // outage starts its backoff from the first delay again.
                    proven = true;
                    synchronized (StreamSession.this) {
                        backoff.reset();
                    }
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            // The exchange speaks text only; a binary frame says nothing we can read.
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
            Connection connection = connection();
            if (connection != null) {
                connection.lastFrame = System.nanoTime();
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            lost(attempt, "closed by the exchange (" + statusCode + ")");
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            lost(attempt, reason(error));
        }

        /** The session's connection of this socket, read without the session's lock: it runs per frame. */
        private Connection connection() {
            Connection c = connection;
            return c != null && !c.gone ? c : null;
        }
    }
}
