package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.metrics.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads each frame of a session once and hands it to the listeners of its channel: every listener of a channel
 * gets the same {@link PushFrame}, whatever their number, and takes its payload from it. Answers to pings keep
 * the connection alive and settle the subscriptions sent before them ({@link SubscriptionSettlement}); an error frame goes to its channel's listeners; a frame too broken to
 * name its channel is counted, logged at most once a minute, and every channel of the connection is told it may
 * have missed something.
 */
final class FrameDispatch {
    private static final Logger LOG = LoggerFactory.getLogger(StreamSession.class);

    private final URI uri;
    private final PushFrames frames;
    private final Metrics metrics;
    private final Map<String, SessionChannel> channels;
    private final SubscriptionSettlement settlement;
    private final AtomicLong undecodable = new AtomicLong();
    private final AtomicLong lastUndecodableWarning = new AtomicLong();
    private final Clock clock = Clock.systemUTC();

    FrameDispatch(URI uri, PushFrames frames, Metrics metrics, Map<String, SessionChannel> channels,
                  SubscriptionSettlement settlement) {
        this.uri = uri;
        this.frames = frames;
        this.metrics = metrics;
        this.channels = channels;
        this.settlement = settlement;
    }

    /** Frames skipped because not even their channel could be read. */
    long undecodableFrames() {
        return undecodable.get();
    }

    /**
     * Reads a frame from {@code length} characters of {@code text} and hands it on.
     *
     * @param from the connection it came on; frames of one the session let go are not kept as snapshots, and their
     *             pongs settle nothing
     * @return true for a push (readable or not, as long as its channel is) or a pong, false otherwise
     */
    boolean dispatch(Connection from, char[] text, int offset, int length) {
        boolean fromLiveConnection = !from.gone;
        PushFrame frame = frames.read(text, offset, length);
        if (frame.channel() == null) {
            unreadable(frame);
            return false;
        }
        if (frame.isPong()) {
            if (fromLiveConnection) {
                settlement.ponged(from);
            }
            return true;
        }
        SessionChannel channel = channel(frame);
        if (channel == null && !frame.readable() || frame.isError() && channel == null) {
            // A channel shared by every market whose frame could not say its market: each of its markets may
            // have lost it.
            if (tellMarkets(fromLiveConnection, frame)) {
                return !frame.isError();
            }
        }
        if (frame.isError()) {
            if (channel == null) {
                LOG.warn("Exchange stream {}: error {} ({})", uri, frame.errorCode(), frame.errorMessage());
            } else {
                channel.tellAll(l -> l.onChannelError(frame.errorCode(), frame.errorMessage()));
            }
            return false;
        }
        if (channel != null) {
            if (channel.watch.framed(System.nanoTime(), clock.instant())) {
                LOG.info("Exchange stream {}: channel {} pushes again", uri, channel.name);
            }
            // An unreadable payload goes to the listeners too: each counts it for the channel and catches up.
            channel.deliver(fromLiveConnection, frame);
        }
        return true;
    }

    /**
     * The channel a frame belongs to: by its name or, for a channel every market shares (the account's orders),
     * by its name and market, {@code push_user_incr_record@btcusdt}; null when none is subscribed.
     */
    private SessionChannel channel(PushFrame frame) {
        SessionChannel named = channels.get(frame.channel());
        String market = frame.market();
        return named != null || market == null ? named : channels.get(frame.channel() + "@" + market);
    }

    /**
     * Hands a frame that names no market to each market's channel of its channel: a push that could not be read
     * (each listener counts it and catches up, as for any unreadable push of its channel), or the exchange's
     * refusal; whether there was any.
     */
    private boolean tellMarkets(boolean fromLiveConnection, PushFrame frame) {
        String prefix = frame.channel() + "@";
        boolean any = false;
        for (SessionChannel channel : channels.values()) {
            if (channel.name.startsWith(prefix)) {
                any = true;
                if (frame.isError()) {
                    channel.tellAll(l -> l.onChannelError(frame.errorCode(), frame.errorMessage()));
                } else {
                    channel.deliver(fromLiveConnection, frame);
                }
            }
        }
        return any;
    }

    private void unreadable(PushFrame frame) {
        long count = undecodable.incrementAndGet();
        metrics.streamUndecodable(uri.toString(), StreamSession.UNKNOWN_CHANNEL);
        String reason = frame.failure().getMessage();
        if (warnAboutUndecodable()) {
            LOG.warn("Exchange stream {}: a frame could not be read and was skipped ({} so far); subscribers"
                     + " catch up ({})", uri, count, reason);
        } else {
            LOG.debug("Exchange stream {}: a frame could not be read and was skipped: {}", uri, reason);
        }
        for (SessionChannel channel : channels.values()) {
            // It may have been a newer snapshot of any channel.
            channel.forgetSnapshot();
            channel.tellAll(l -> l.onGap("an undecodable frame"));
        }
    }

    /** At most one warning a minute: an exchange sending garbage would otherwise flood the log. */
    private boolean warnAboutUndecodable() {
        long now = System.nanoTime();
        long last = lastUndecodableWarning.get();
        return (last == 0 || now - last > TimeUnit.MINUTES.toNanos(1))
               && lastUndecodableWarning.compareAndSet(last, now);
    }

    /** One listener's failure must not keep the frame from the others, nor break the connection. */
    void tell(StreamListener listener, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.warn("Exchange stream {}: a subscriber failed on a frame: {}", uri, e.toString());
        }
    }
}
