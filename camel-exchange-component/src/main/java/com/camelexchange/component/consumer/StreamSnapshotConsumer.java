package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import org.apache.camel.Processor;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Emits the latest pushed snapshot of a market (a ticker, a whole book). Snapshots replace each other:
 * when pushes come faster than the route takes them, the route gets the newest one, never a stale queue,
 * and an unreadable or lost push is simply superseded by the next one.
 */
abstract class StreamSnapshotConsumer<T> extends StreamConsumer {
    private final AtomicReference<T> latest = new AtomicReference<>();

    protected StreamSnapshotConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    /** Reads a pushed frame into the snapshot. */
    protected abstract T decode(byte[] frame);

    /** The headers of a snapshot's message. */
    protected abstract Map<String, Object> headers(T snapshot);

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
    public void onSubscribed() {
        // The exchange sends the current snapshot to a new subscription, and the session hands the last one
        // to a consumer joining a channel subscribed already: nothing to catch up.
    }

    @Override
    public void onGap(String reason) {
        // The next push is a whole snapshot again.
    }

    @Override
    public void onFrame(byte[] frame) {
        try {
            latest.set(decode(frame));
        } catch (ExchangeClientException unreadable) {
            undecodable(unreadable.getMessage());
            reportLater("An unreadable push on " + channel() + " was skipped", unreadable);
            return;
        }
        wake();
    }

    @Override
    protected void work() {
        T snapshot = latest.getAndSet(null);
        if (snapshot != null && wanted(snapshot)) {
            emit(snapshot, headers(snapshot), () -> emitted(snapshot));
        }
    }
}
