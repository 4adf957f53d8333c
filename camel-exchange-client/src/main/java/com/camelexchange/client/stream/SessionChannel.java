package com.camelexchange.client.stream;

import com.camelexchange.client.json.PushFrame;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;

/**
 * A channel of a {@link StreamSession} and who listens to it; the {@code length} is sent with the subscription
 * when set. A snapshot channel keeps its last frame, for a listener that joins once it is subscribed. Its
 * {@link ChannelWatch} follows its liveness.
 */
final class SessionChannel {
    final String name;
    final Integer length;
    final boolean snapshots;
    final ChannelWatch watch;
    final List<StreamListener> listeners = new CopyOnWriteArrayList<>();
    /** Calls a listener, containing its failure (the session's {@code tell}). */
    private final BiConsumer<StreamListener, Runnable> tell;
    // Guarded by this: a listener joining and a frame arriving are ordered by it, so the joiner gets either the
    // frame kept (and every later one) or none kept and the next one, never an older frame after a newer one.
    private PushFrame lastSnapshot;

    SessionChannel(String name, Integer length, boolean snapshots, ChannelWatch watch,
                   BiConsumer<StreamListener, Runnable> tell) {
        this.name = name;
        this.length = length;
        this.snapshots = snapshots;
        this.watch = watch;
        this.tell = tell;
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
    void tellAll(java.util.function.Consumer<StreamListener> call) {
        listeners.forEach(l -> tell.accept(l, () -> call.accept(l)));
    }
}
