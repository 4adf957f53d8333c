package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.json.PushFrame;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Pushed snapshots of a market (a ticker, a whole book): each replaces the one before, so only the newest is
 * kept. When pushes come faster than the consumer takes them, it gets the newest one, never a stale queue,
 * and memory does not grow; an unreadable or lost push is simply superseded by the next one. Nothing is caught
 * up: the exchange sends the current snapshot to every new subscription.
 */
public abstract class SnapshotPushes<T> implements Pushes {
    private final AtomicReference<T> latest = new AtomicReference<>();

    /** Reads the snapshot a frame carries. */
    protected abstract T decode(PushFrame frame);

    /** Whether to emit this snapshot; e.g. only when values changed. */
    protected boolean wanted(T snapshot) {
        return true;
    }

    /** The snapshot was processed. */
    protected void emitted(T snapshot) {
    }

    @Override
    public boolean snapshots() {
        return true;
    }

    @Override
    public boolean pushed(PushFrame frame) {
        latest.set(decode(frame));
        return true;
    }

    @Override
    public boolean subscribed() {
        // The exchange sends the current snapshot to a new subscription, and the session hands the last one to a
        // consumer joining a channel subscribed already: nothing to catch up.
        return false;
    }

    @Override
    public boolean gap() {
        // The next push is a whole snapshot again.
        return false;
    }

    @Override
    public void work(PushContext context) {
        T snapshot = latest.getAndSet(null);
        if (snapshot != null && wanted(snapshot)) {
            context.emit(snapshot, () -> emitted(snapshot));
        }
    }
}
