package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A channel of a {@link StreamSession} and who listens to it; the {@code length} is sent with the subscription
 * when set. A snapshot channel keeps its last frame, for a listener that joins once it is subscribed. Its
 * {@link ChannelWatch} follows its liveness; whether the exchange took its latest subscription is settled by a pong
 * ({@link SubscriptionSettlement}).
 */
final class SessionChannel {
    final String name;
    final Integer length;
    final boolean snapshots;
    final ChannelWatch watch;
    final List<StreamListener> listeners = new CopyOnWriteArrayList<>();
    /** The first listener's frames, when it subscribes otherwise than by the channel's name (a signed channel). */
    private final StreamListener framing;
    /** Calls a listener, containing its failure (the session's {@code tell}). */
    private final BiConsumer<StreamListener, Runnable> tell;
    // Guarded by this: a listener joining and a frame arriving are ordered by it, so the joiner gets either the
    // frame kept (and every later one) or none kept and the next one, never an older frame after a newer one.
    private PushFrame lastSnapshot;
    // Guarded by this: the ping whose pong settles the channel's latest subscription, and the connection it went
    // on (a pong of another connection settles nothing). See SubscriptionSettlement.
    private int settleAttempt;
    private long settlePing;
    private boolean settled;

    SessionChannel(String name, Integer length, boolean snapshots, ChannelWatch watch,
                   BiConsumer<StreamListener, Runnable> tell, StreamListener framing) {
        this.name = name;
        this.framing = framing;
        this.length = length;
        this.snapshots = snapshots;
        this.watch = watch;
        this.tell = tell;
    }

    /** The frame that subscribes the channel now: its first listener's, or the plain one of its name. */
    String subscribeFrame(PushFrames frames) {
        String own = framing.subscription();
        return own != null ? own : frames.subscribe(name, length);
    }

    /** The frame that ends its subscription. */
    String unsubscribeFrame(PushFrames frames) {
        String own = framing.unsubscription();
        return own != null ? own : frames.unsubscribe(name);
    }

    /** Hands a frame to every listener, keeping it if it is a snapshot from a connection not let go. */
    void deliver(boolean fromLiveConnection, PushFrame frame) {
        if (!snapshots) {
            listeners.forEach(l -> tell.accept(l, () -> l.onFrame(frame)));
            return;
        }
        synchronized (this) {
            // A frame of a connection already let go is not kept: it may be older than what is to come. An
            // unreadable one is not kept either, nor the one before it: it may have been newer.
            if (!frame.readable()) {
                lastSnapshot = null;
            } else if (fromLiveConnection) {
                lastSnapshot = frame;
            }
            listeners.forEach(l -> tell.accept(l, () -> l.onFrame(frame)));
        }
    }

    /** Adds a listener to a channel subscribed on the connection open now, with the last snapshot, if any. */
    synchronized void join(StreamListener listener) {
        listeners.add(listener);
        PushFrame snapshot = lastSnapshot;
        if (snapshot != null) {
            tell.accept(listener, () -> listener.onFrame(snapshot));
        }
    }

    /** The connection is gone, or a frame was unreadable: what was kept may no longer be the newest. */
    synchronized void forgetSnapshot() {
        lastSnapshot = null;
    }

    /** Tells every listener something, each failure contained. */
    void tellAll(Consumer<StreamListener> call) {
        listeners.forEach(l -> tell(l, call));
    }

    /** Tells one listener something, its failure contained. */
    void tell(StreamListener listener, Consumer<StreamListener> call) {
        tell.accept(listener, () -> call.accept(listener));
    }

    /** The channel was just subscribed on the connection of {@code attempt}; the pong to ping {@code ping} settles it. */
    synchronized void awaitSettle(int attempt, long ping) {
        settleAttempt = attempt;
        settlePing = ping;
        settled = false;
    }

    /**
     * Whether {@code pongs} pongs on the connection of {@code attempt} settle the channel's subscription now (true once
     * per subscription).
     */
    synchronized boolean settleIf(int attempt, long pongs) {
        if (settled || settlePing == 0 || settleAttempt != attempt || pongs < settlePing) {
            return false;
        }
        settled = true;
        return true;
    }

    /** Whether the channel's subscription on the connection of {@code attempt} is settled. */
    synchronized boolean settledOn(int attempt) {
        return settled && settleAttempt == attempt;
    }
}
