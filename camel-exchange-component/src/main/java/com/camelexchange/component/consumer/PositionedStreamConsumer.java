package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.Processor;

/**
 * A streaming consumer with a position (trades, K-lines). The position is the polling consumer's, in the
 * same {@link PositionStore} under the same key, so a route can switch modes without a gap or a repeat.
 * Pushes can be missed (while the connection is down, in an unreadable frame), so whenever the channel is
 * subscribed or a gap is reported a REST catch-up from the position is due before pushes are trusted again.
 */
abstract class PositionedStreamConsumer extends StreamConsumer {
    protected PositionStore position;
    // Guarded by this. Set when the channel is subscribed, so the first catch-up runs once the
    // connection is there and covers what happened before.
    private boolean catchUpDue;

    protected PositionedStreamConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    /** Reads the options into the stream's request, once. */
    protected abstract void resolveStream();

    /** The state-repository key when {@code stateKey} is not set; the stream is resolved by then. */
    protected abstract String defaultStateKey();

    @Override
    protected final void resolve() {
        resolveStream();
        position = PositionStore.of(getEndpoint().getConfiguration(), defaultStateKey());
        position.start();
    }

    @Override
    public void onSubscribed() {
        catchUpLater();
    }

    @Override
    public void onGap(String reason) {
        catchUpLater();
    }

    /** A REST catch-up from the position is due before any more pushes are emitted. */
    protected final void catchUpLater() {
        synchronized (this) {
            catchUpDue = true;
        }
        wake();
    }

    /** Whether a catch-up is due; asking clears it. */
    protected final synchronized boolean takeCatchUp() {
        boolean due = catchUpDue;
        catchUpDue = false;
        return due;
    }

    /** A call or a route failed: catch up from the position, after the backoff delay. */
    protected final void failed() {
        synchronized (this) {
            catchUpDue = true;
        }
        pause();
    }
}
