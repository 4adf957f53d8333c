package com.camelexchange.client.internal.stream;

import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.metrics.ConnectionState;
import com.camelexchange.client.metrics.Metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One WebSocket connection to one address of the exchange, shared by every consumer of a component that
 * streams from it: channels are multiplexed on it, subscribed when their first consumer starts and
 * unsubscribed when their last one stops; the connection opens with the first channel and closes with
 * the last. The exchange sends a snapshot channel's current snapshot (a ticker, a book) when it is
 * subscribed; a consumer joining such a channel later gets the last snapshot received on the connection
 * open now, so it does not wait for the market to change.
 *
 * <p>This class keeps the channels and who listens to them; the jobs around them have classes of their own: the
 * connection's life, its keepalive and reconnects ({@link SessionLink}), reading each frame once and handing it
 * to its channel ({@link FrameDispatch}), the liveness of each channel ({@link ChannelLiveness}), and finding out
 * when the exchange took a subscription ({@link SubscriptionSettlement}).
 *
 * <p>Uses the JDK's {@link java.net.http.WebSocket}: the component needs nothing more for a text
 * protocol, and it adds no dependency to users' applications.
 */
public final class StreamSession implements ConnectionState {
    /** The channel tag of a frame so broken that its channel cannot be read. */
    public static final String UNKNOWN_CHANNEL = "unknown";

    private final URI uri;
    private final StreamSettings settings;
    private final PushFrames frames;
    private final Map<String, SessionChannel> channels = new ConcurrentHashMap<>();
    private final SessionLink link;
    private final FrameDispatch dispatch;
    private final ChannelLiveness liveness;
    private final SubscriptionSettlement settlement;

    public StreamSession(URI uri, HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                         PushFrames frames, Metrics metrics) {
        this.uri = uri;
        this.settings = settings;
        this.frames = frames;
        this.settlement = new SubscriptionSettlement(frames, channels);
        this.dispatch = new FrameDispatch(uri, frames, metrics, channels, settlement);
        this.link = new SessionLink(uri, http, scheduler, settings, frames, channels, dispatch, settlement,
                this::keepAlive);
        this.liveness = new ChannelLiveness(uri, frames, metrics, channels, link, settlement);
    }

    /**
     * Adds a listener to a channel, subscribing it (and opening the connection) if it is the first.
     *
     * @param length sent with the subscription (the quick-depth book's length); null for none
     * @return closing it removes the listener, unsubscribing the channel if it was the last
     */
    public StreamSubscription subscribe(String channel, Integer length, StreamListener listener) {
        synchronized (link) {
            if (link.isClosed()) {
                throw new IllegalStateException("The stream of " + uri + " is closed");
            }
            SessionChannel existing = channels.get(channel);
            boolean first = existing == null;
            if (first) {
                existing = new SessionChannel(channel, length, listener.snapshots(), new ChannelWatch(channel,
                        new ChannelPace(settings.silenceTimeout().toNanos(), settings.channelSilence().toNanos())),
                        dispatch::tell, listener);
                channels.put(channel, existing);
            }
            Connection current = link.current();
            boolean liveAlready = current != null;
            if (liveAlready) {
                // Told before the subscription goes out or the listener joins, so before any push it gets.
                listener.onSubscribed();
            }
            if (liveAlready && !first) {
                // No subscription is sent, so the exchange sends no snapshot: the last one kept stands in. The
                // listener takes it as it would a push, under the link's lock; the channel's lock keeps it in
                // order with the pushes that follow.
                existing.join(listener);
                // Nor is a ping: the listener's subscription is the channel's, settled already or with it.
                settlement.joined(existing, listener, current);
            } else {
                existing.listeners.add(listener);
            }
            if (current != null && first) {
                // Before the frame goes out: its answer may arrive before send returns.
                existing.watch.subscribed(System.nanoTime(), true);
                current.send(existing.subscribeFrame(frames));
                settlement.await(current, List.of(existing));
            } else if (current == null) {
                link.connectIfIdle();
            }
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
            liveness.undecodablePush(channel, reason);
        }

        @Override
        public void missedPushes(String evidence) {
            liveness.silenceFound(channel, evidence);
        }

        @Override
        public boolean silent() {
            SessionChannel held = channels.get(channel);
            return held != null && held.watch.silent();
        }
    }

    private void unsubscribe(String name, StreamListener listener) {
        synchronized (link) {
            SessionChannel channel = channels.get(name);
            if (channel == null || !channel.listeners.remove(listener) || !channel.listeners.isEmpty()) {
                return;
            }
            channels.remove(name);
            Connection current = link.current();
            if (current != null) {
                current.send(channel.unsubscribeFrame(frames));
            }
            if (channels.isEmpty()) {
                link.disconnect();
            }
        }
    }

    /** Whether a connection is open now. */
    public boolean connected() {
        return link.current() != null;
    }

    /** How many times the connection was opened again after it had been open. */
    public long reconnects() {
        return link.reconnects();
    }

    /** Frames skipped because they could not be read, not even for their channel. */
    public long undecodableFrames() {
        return dispatch.undecodableFrames();
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
    public void close() {
        link.close();
    }

    /** The keepalive's tick: the connection's own silence first, then each channel's. */
    private void keepAlive() {
        if (link.keepAlive()) {
            liveness.checkChannels();
        }
    }
}
