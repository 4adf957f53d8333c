package com.camelexchange.client.internal.stream;

import com.camelexchange.client.ChannelStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The liveness of one channel of a session: when it last pushed, how much silence its pace allows, and the
 * checks of a silence. A silence longer than the allowance is checked; if it goes on, the next check comes after
 * twice the time, and so on up to the pace's ceiling, so a quiet market costs a check now and then, not a
 * stream of them (each check of a silence found wrong subscribes the channel again: that backs off; the data a
 * consumer with a position misses meanwhile does not wait for it, see {@code PositionedPushes}). A frame ends the
 * silence. It also remembers whether the channel answered at all on the connection open now, which tells a quiet
 * snapshot channel from one the peer does not serve. Times are {@link System#nanoTime()} values. Thread-safe.
 */
final class ChannelWatch {
    private final String channel;
    private final ChannelPace pace;
    final AtomicLong undecodable = new AtomicLong();
    final AtomicLong resubscribes = new AtomicLong();
    final AtomicLong silences = new AtomicLong();
    private final AtomicLong lastUndecodableWarning = new AtomicLong();

    // Guarded by this.
    private boolean subscribed;
    private long lastFrameNanos;
    private boolean anyFrame;
    /** Whether a frame came since the channel was subscribed on the connection open now. */
    private boolean answered;
    private Instant lastFrameAt;
    private long quietSinceNanos;
    private long nextCheckNanos;
    private int checks;
    private boolean reported;

    ChannelWatch(String channel, ChannelPace pace) {
        this.channel = channel;
        this.pace = pace;
    }

    /** Subscribed on a connection: a new one ({@code fresh}) starts the checks over; a resubscription does not. */
    synchronized void subscribed(long now, boolean fresh) {
        subscribed = true;
        if (fresh) {
            // Silence is counted from the subscription on a new connection, or from the last frame; a
            // subscription again on the same connection does not end it.
            quietSinceNanos = now;
            checks = 0;
            answered = false;
        }
        nextCheckNanos = now + delay();
    }

    /** The connection is gone. */
    synchronized void unsubscribed() {
        subscribed = false;
    }

    /**
     * A frame arrived.
     *
     * @return whether it ends a silence that was reported (worth a line in the log)
     */
    synchronized boolean framed(long now, Instant at) {
        if (anyFrame && subscribed) {
            pace.gap(now - lastFrameNanos);
        }
        anyFrame = true;
        answered = true;
        lastFrameNanos = now;
        lastFrameAt = at;
        quietSinceNanos = now;
        checks = 0;
        nextCheckNanos = now + pace.allowanceNanos();
        boolean ended = reported;
        reported = false;
        return ended;
    }

    /**
     * Whether a check of the silence is due now; counts it and plans the next one.
     *
     * @return how long the channel has been silent, or null when no check is due
     */
    synchronized Duration checkDue(long now) {
        if (!subscribed || now - nextCheckNanos < 0) {
            return null;
        }
        checks++;
        nextCheckNanos = now + delay();
        return Duration.ofNanos(now - quietSinceNanos);
    }

    /** The checks of this silence so far. */
    synchronized int checks() {
        return checks;
    }

    /**
     * Whether the channel brought a frame since it was subscribed on the connection open now: its subscription
     * was answered (a snapshot channel's with its snapshot), or it pushed.
     */
    synchronized boolean answered() {
        return answered;
    }

    /** Whether it is in a silence found to be wrong: reported, and no frame since. */
    synchronized boolean silent() {
        return reported;
    }

    /** Marks the silence as wrong; true the first time in this silence (to log and count it once). */
    synchronized boolean report() {
        if (reported) {
            return false;
        }
        reported = true;
        silences.incrementAndGet();
        return true;
    }

    /** At most one warning a minute per channel about unreadable pushes. */
    boolean warnAboutUndecodable(long now) {
        long last = lastUndecodableWarning.get();
        return (last == 0 || now - last > Duration.ofMinutes(1).toNanos())
               && lastUndecodableWarning.compareAndSet(last, now);
    }

    synchronized ChannelStatus status(long now) {
        return new ChannelStatus(channel, subscribed, lastFrameAt,
                subscribed ? Duration.ofNanos(Math.max(0, now - quietSinceNanos)) : Duration.ZERO,
                Duration.ofNanos(pace.allowanceNanos()), reported, undecodable.get(), resubscribes.get(),
                silences.get());
    }

    /** The allowance, doubled per check of this silence, up to the ceiling. */
    private long delay() {
        long allowance = pace.allowanceNanos();
        long doubled = checks >= 20 ? Long.MAX_VALUE : allowance << checks;
        return doubled <= 0 || doubled > pace.ceilingNanos() ? Math.max(allowance, pace.ceilingNanos()) : doubled;
    }
}
