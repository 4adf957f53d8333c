package com.camelexchange.client.internal.http;

import org.apache.hc.core5.concurrent.Cancellable;

/**
 * Aborts one HTTP call when its deadline passes. The abort runs on the deadline thread and releases the
 * call's connection there; {@link #end()} makes the calling thread wait for an abort already under way,
 * so that a call never returns while its connection is still being released behind it.
 */
final class CallAbort implements Runnable {
    private final Cancellable call;
    private boolean ended;
    private boolean fired;

    CallAbort(Cancellable call) {
        this.call = call;
    }

    /** At the deadline: aborts the call unless it has ended. */
    @Override
    public synchronized void run() {
        if (!ended) {
            fired = true;
            ended = true;
            call.cancel();
        }
    }

    /** When the call has ended, whichever way: whether the deadline aborted it. Safe to call again. */
    synchronized boolean end() {
        ended = true;
        return fired;
    }
}
