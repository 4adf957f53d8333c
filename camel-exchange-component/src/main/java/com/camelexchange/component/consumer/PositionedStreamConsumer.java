package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import org.apache.camel.Processor;

import java.time.Duration;
import java.util.Map;

/**
 * A streaming consumer with a position (trades, K-lines). The position is the polling consumer's, in the
 * same {@link PositionStore} under the same key, so a route can switch modes without a gap or a repeat.
 * Pushes can be missed (while the connection is down, in an unreadable frame), so whenever the channel is
 * subscribed or a gap is reported a REST catch-up from the position is due before pushes are trusted again.
 *
 * @param <P> what one push carries (the trades, the latest candles)
 */
abstract class PositionedStreamConsumer<P> extends StreamConsumer implements StatefulConsumer {
    protected volatile PositionStore position;
    // Guarded by this. Set when the channel is subscribed, so the first catch-up runs once the
    // connection is there and covers what happened before.
    private boolean catchUpDue;
    // Guarded by this: the session found the channel silent; the next catch-up tells whether it missed pushes.
    private boolean checkDue;
    /** Items the catch-up running now delivered that no push had shown: pushes the channel missed. */
    private int notPushed;
    /** Between taking a catch-up and its success: the route is fed from REST, not from pushes. */
    private volatile boolean catchingUp;

    protected PositionedStreamConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    /** Reads the options into the stream's request, once. */
    protected abstract void resolveStream();

    /** The state-repository key when {@code stateKey} is not set; the stream is resolved by then. */
    protected abstract String defaultStateKey();

    @Override
    public StatefulConsumer.State state() {
        PositionStore store = position;
        return store == null ? null : store.peek();
    }

    @Override
    protected final void resolve() {
        resolveStream();
        position = PositionStore.of(getEndpoint(), defaultStateKey());
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

    /** Checks over REST: a catch-up that finds items no push showed means the channel missed them. */
    @Override
    public boolean onSilent(Duration silentFor) {
        synchronized (this) {
            checkDue = true;
        }
        catchUpLater();
        return true;
    }

    /** What one item is called in a log line: "trade(s)", "candle(s)". */
    protected abstract String items();

    /** The catch-up delivered an item newer than every push received: the channel should have pushed it. */
    protected final void deliveredUnpushed() {
        notPushed++;
    }

    /** Reads a push; a frame that cannot be read is a gap. */
    protected abstract P decode(byte[] frame);

    /** Keeps what a push carries until the worker emits it; called under this consumer's lock. */
    protected abstract void keep(P push);

    /** Reads the items after the position over REST and emits them; false when a call or a route failed. */
    protected abstract boolean caughtUp();

    /** Emits what was pushed and provably follows the position, catching up first where it does not. */
    protected abstract void emitPushed();

    @Override
    public final void onFrame(byte[] frame) {
        P push;
        try {
            push = decode(frame);
        } catch (ExchangeClientException unreadable) {
            undecodable(unreadable.getMessage());
            onGap("an unreadable push");
            return;
        }
        synchronized (this) {
            keep(push);
        }
        wake();
    }

    @Override
    protected final void work() {
        boolean check = takeCheck();
        notPushed = 0;
        if (takeCatchUp() || check) {
            catchingUp = true;
            boolean caught;
            try {
                caught = caughtUp();
            } catch (RuntimeException | Error unexpected) {
                // Still due: the worker reports it, pauses, and catches up again rather than wait for a push.
                catchUpLater();
                throw unexpected;
            }
            if (!caught) {
                failed();
                return;
            }
            catchingUp = false;
            if (check && notPushed > 0) {
                missedPushes(notPushed + " " + items() + " over REST that the channel did not push");
            }
        }
        emitPushed();
    }

    private synchronized boolean takeCheck() {
        boolean due = checkDue;
        checkDue = false;
        return due;
    }

    @Override
    protected void healthDetails(Map<String, Object> details) {
        PositionStore store = position;
        Long at = store == null ? null : store.currentIfRead();
        if (at != null) {
            details.put("position", at);
        }
        details.put("catchingUp", catchingUp || catchUpPending());
    }

    private synchronized boolean catchUpPending() {
        return catchUpDue;
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

    /** A call or a route failed: catch up from the position, after the backoff delay and no later. */
    protected final void failed() {
        // Leaves a wake-up behind: the worker goes on once the pause is over, rather than also waiting out
        // its idle time for a push that may not come.
        catchUpLater();
        pause();
    }
}
