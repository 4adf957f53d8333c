package com.camelexchange.client.internal.stream;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.metrics.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The liveness of a session's channels while the connection answers its pings: a channel silent for longer than
 * its pace allows is checked, and a push a listener could not read is counted for its channel.
 *
 * <p>A channel whose listeners have a position (trades, K-lines) is checked by them over REST: when REST shows
 * what no push did, the channel missed pushes. It is reported once per silence and subscribed again; the checks,
 * and so the subscriptions made again, back off up to the pace's ceiling, while the listeners read its data over
 * REST at their own pace until it pushes again.
 *
 * <p>A snapshot channel (a ticker, a book) is subscribed again. The exchange pushes a snapshot only when it
 * changes, so a quiet book pushes nothing, and whether a subscription made again on the same connection is
 * answered is not promised (the simulator answers it; a peer that pushes only on change does not). A snapshot
 * channel is therefore reported only when it never answered on the connection open now: neither its subscription
 * nor a subscription again brought a frame. One that answered and went quiet is subscribed again at each check,
 * backing off, at DEBUG: that costs a frame now and then, and mends a subscription the peer lost.
 */
final class ChannelLiveness {
    private static final Logger LOG = LoggerFactory.getLogger(StreamSession.class);

    private final URI uri;
    private final PushFrames frames;
    private final Metrics metrics;
    private final Map<String, SessionChannel> channels;
    private final SessionLink link;
    private final SubscriptionSettlement settlement;

    ChannelLiveness(URI uri, PushFrames frames, Metrics metrics, Map<String, SessionChannel> channels,
                    SessionLink link, SubscriptionSettlement settlement) {
        this.uri = uri;
        this.frames = frames;
        this.metrics = metrics;
        this.channels = channels;
        this.link = link;
        this.settlement = settlement;
    }

    /** Checks each channel whose silence is due for a check; on the keepalive's tick. */
    void checkChannels() {
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
                if (channel.watch.checks() > 1 && !channel.watch.answered()) {
                    silenceFound(channel.name, "neither its subscription nor a subscription again brought a frame");
                } else {
                    LOG.debug("Exchange stream {}: channel {} silent for {} ms{}; subscribing it again", uri,
                            channel.name, silentFor.toMillis(), channel.watch.answered()
                                    ? " (it answered on this connection: a quiet market, or a lost subscription)"
                                    : "");
                    resubscribe(channel);
                }
            }
        }
    }

    /**
     * The channel missed pushes while the connection lived: reported once per silence (at WARN; the checks that
     * find it again say so at DEBUG), subscribed again.
     */
    void silenceFound(String name, String evidence) {
        SessionChannel channel = channels.get(name);
        if (channel == null) {
            return;
        }
        if (channel.watch.report()) {
            metrics.streamSilence(uri.toString(), name);
            LOG.warn("Exchange stream {}: channel {} is silent while the connection is alive ({}, silent for {} ms);"
                     + " subscribing it again, backing off, until it pushes again{}", uri, name, evidence,
                    channel.watch.status(System.nanoTime()).silentFor().toMillis(), channel.snapshots ? ""
                            : "; meanwhile its consumers read it over REST at their polling delay");
        } else {
            LOG.debug("Exchange stream {}: channel {} still silent ({}); subscribing it again", uri, name, evidence);
        }
        resubscribe(channel);
    }

    /** Unsubscribes and subscribes the channel again on the connection open now; its listeners catch up. */
    private void resubscribe(SessionChannel channel) {
        Connection current;
        synchronized (link) {
            current = link.current();
            if (current == null || channels.get(channel.name) != channel) {
                return;
            }
            // Before the frames go out: the answer may arrive before send returns.
            channel.watch.subscribed(System.nanoTime(), false);
            current.send(channel.unsubscribeFrame(frames));
            current.send(channel.subscribeFrame(frames));
        }
        channel.watch.resubscribes.incrementAndGet();
        metrics.streamResubscribe(uri.toString(), channel.name);
        // Pushes between the two frames are lost: a listener with a position catches up.
        channel.tellAll(StreamListener::onSubscribed);
        // Then, once the exchange took the subscription again, catches up again (a let-go connection sends nothing).
        settlement.await(current, List.of(channel));
    }

    /** A listener could not read a push of its channel: counted per channel, logged at most once a minute. */
    void undecodablePush(String name, String reason) {
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
}
