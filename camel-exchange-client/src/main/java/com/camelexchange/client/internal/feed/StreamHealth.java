package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.internal.stream.StreamListener;
import com.camelexchange.client.internal.stream.StreamSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * How a streaming consumer is doing, for its health check: it listens in on the consumer's channel (subscribed,
 * refused) and is told of the consumer's own failures ({@link #note}): a REST catch-up, a refused channel, its work
 * failing. A delivery that failed does not count: that is the route's or the listener's, and the item comes again.
 */
public final class StreamHealth {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHealth.class);

    private final ConsumerHealth health = new ConsumerHealth();
    private final String name;
    private volatile boolean subscribed;
    private volatile String refused;
    private volatile Duration patience = Duration.ZERO;
    private volatile long startedAt;

    /** @param name the consumer's health-check name, for the log */
    public StreamHealth(String name) {
        this.name = name;
    }

    /**
     * A new start: the channel is not subscribed yet.
     *
     * @param patience how long not being subscribed yet is starting; longer, it is down
     */
    void starting(Duration patience) {
        subscribed = false;
        refused = null;
        this.patience = patience;
        startedAt = System.nanoTime();
    }

    /** The consumer, as the session's listener: the subscription and a refusal are noted on the way. */
    public StreamListener listenerFor(StreamListener consumer) {
        return new StreamListener() {
            @Override
            public void onSubscribed() {
                // The refusal, if any, stays: the exchange's answer to the subscription may arrive before this.
                subscribed = true;
                consumer.onSubscribed();
            }

            @Override
            public void onSettled() {
                consumer.onSettled();
            }

            @Override
            public void onFrame(PushFrame frame) {
                // A push on the channel: whatever was refused before, it is served now.
                refused = null;
                consumer.onFrame(frame);
            }

            @Override
            public void onGap(String reason) {
                consumer.onGap(reason);
            }

            @Override
            public void onChannelError(int code, String message) {
                refused = code + (message == null ? "" : " " + Echo.cut(message, Echo.MAX));
                consumer.onChannelError(code, message);
            }

            @Override
            public boolean onSilent(Duration silentFor) {
                return consumer.onSilent(silentFor);
            }

            @Override
            public boolean snapshots() {
                return consumer.snapshots();
            }

            @Override
            public String subscription() {
                return consumer.subscription();
            }

            @Override
            public String unsubscription() {
                return consumer.unsubscription();
            }
        };
    }

    /**
     * A failure of the consumer's own (not of a delivery); the first JVM {@link Error} since the last success is
     * logged at ERROR, whatever else tells of it.
     */
    public void note(Throwable failure) {
        if (health.failed(failure)) {
            LOG.error("The streaming consumer {} failed with {}; it goes on, and its health check reads DOWN until it"
                      + " succeeds again", name, ConsumerHealth.describe(failure), failure);
        }
    }

    /** The consumer's own attempts: what its {@link FailureBackoff} tells of its waits. */
    ConsumerHealth attempts() {
        return health;
    }

    /** The consumer's health-check name. */
    String name() {
        return name;
    }

    /** Every failure noted so far: unchanged over some work means it went without one. */
    public long failures() {
        return health.failures();
    }

    /** Work went without a failure of the consumer's own. */
    public void succeeded() {
        health.succeeded();
    }

    /**
     * DOWN while the channel is refused, the consumer's own attempts fail, or the connection is down once it was
     * subscribed (or is still not subscribed after the patience given at start); not ready before the channel is
     * first subscribed, nor while the consumer says it is not ({@code starting}: catching up at start).
     *
     * <p>While the channel is silent (found so, and nothing pushed since): a consumer that reads its data over REST
     * meanwhile ({@code restPace}) is UP but degraded, with the reason as its message and in its details
     * ({@code degraded}, {@code degradedReason}), since it still delivers every item, later than pushed; it is
     * DOWN when those reads fail too. A consumer that cannot read over REST (a ticker, a book) gets nothing and is
     * DOWN.
     *
     * @param starting why the consumer is not ready though subscribed and connected; null when it is
     * @param restPace how often the consumer reads its data over REST while its channel is silent; null when it
     *                 does not
     */
    public ConsumerHealth.Report report(StreamSession session, String channel, Map<String, Object> described,
                                 String starting, Duration restPace) {
        Map<String, Object> details = new LinkedHashMap<>(described);
        details.put("channel", channel);
        details.put("subscribed", subscribed);
        details.put("degraded", false);
        boolean connected = session != null && session.connected();
        ChannelStatus status = null;
        if (session != null) {
            sessionDetails(session, details);
            status = channelDetails(session, channel, details);
        }
        long waited = System.nanoTime() - startedAt;
        boolean late = !subscribed && waited > patience.toNanos();
        boolean catchingUp = subscribed && connected && starting != null;
        String notReady = catchingUp ? starting : subscribed ? "not connected: reconnecting"
                : late ? "the channel is not subscribed " + TimeUnit.NANOSECONDS.toSeconds(waited) + " s after the start"
                : "starting: the channel is not subscribed yet";
        ConsumerHealth.Report report = health.report("attempts", subscribed && connected && starting == null,
                notReady, details);
        String refusal = refused;
        if (refusal != null) {
            return new ConsumerHealth.Report(ConsumerHealth.State.DOWN, "The exchange refused the channel " + channel
                    + ": " + refusal, null, report.details());
        }
        if (status != null && status.silent()) {
            String silence = "The channel " + channel + " went silent: nothing pushed for "
                             + status.silentFor().toSeconds() + " s (its pace allows "
                             + status.allowedSilence().toSeconds() + " s) while the connection is alive";
            if (restPace == null) {
                return new ConsumerHealth.Report(ConsumerHealth.State.DOWN, silence + " and neither its subscription"
                        + " nor a subscription again brought a frame; it is subscribed again", null, report.details());
            }
            String reason = silence + " and REST showed what it did not push; read over REST every "
                            + restPace.toMillis() + " ms until it pushes again, and subscribed again";
            Map<String, Object> degraded = new LinkedHashMap<>(report.details());
            degraded.put("degraded", true);
            degraded.put("degradedReason", reason);
            if (report.state() == ConsumerHealth.State.UP) {
                return new ConsumerHealth.Report(ConsumerHealth.State.UP, "Degraded: " + reason, null, degraded);
            }
            if (report.state() == ConsumerHealth.State.DOWN) {
                // The reads over REST fail too: nothing is delivered.
                return new ConsumerHealth.Report(ConsumerHealth.State.DOWN, report.message(), report.error(),
                        degraded);
            }
            // Not connected, or catching up at start: as below, with the silence in the details.
            report = new ConsumerHealth.Report(report.state(), report.message(), report.error(), degraded);
        }
        if (report.state() == ConsumerHealth.State.STARTING && !catchingUp && (subscribed || late)) {
            // It was subscribed, or should have been by now: a lost or missing connection is down, not starting.
            return new ConsumerHealth.Report(ConsumerHealth.State.DOWN, report.message(), null, report.details());
        }
        return report;
    }

    /** What the session knows of this consumer's channel: its pace, its silences and its unreadable pushes. */
    private static ChannelStatus channelDetails(StreamSession session, String channel, Map<String, Object> details) {
        for (ChannelStatus status : session.channelStatuses()) {
            if (status.channel().equals(channel)) {
                details.put("lastFrameAt", status.lastFrameAt() == null ? null : status.lastFrameAt().toString());
                details.put("silentFor", status.silentFor().toString());
                details.put("allowedSilence", status.allowedSilence().toString());
                details.put("silent", status.silent());
                details.put("channelUndecodable", status.undecodable());
                details.put("resubscribes", status.resubscribes());
                details.put("silences", status.silences());
                return status;
            }
        }
        return null;
    }

    /** What the shared connection tells of itself. */
    private static void sessionDetails(StreamSession session, Map<String, Object> details) {
        details.put("address", session.uri().toString());
        details.put("connected", session.connected());
        details.put("reconnects", session.reconnects());
        details.put("undecodableFrames", session.undecodableFrames());
    }
}
