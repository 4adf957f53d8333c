package com.camelexchange.component.consumer;

import org.apache.camel.Exchange;
import org.apache.camel.support.SynchronizationAdapter;

/**
 * Runs an item's action (storing a position) when, and only when, its exchange completes successfully,
 * and remembers whether it did.
 */
final class OnSuccess extends SynchronizationAdapter {
    private final Runnable action;
    private volatile boolean done;

    OnSuccess(Runnable action) {
        this.action = action;
    }

    @Override
    public void onComplete(Exchange exchange) {
        action.run();
        done = true;
    }

    /**
     * Stays with the consumer's exchange: handed over to a copy (a seda or wire-tap hand-off), it would
     * store the position later, on another thread, while the consumer already emits the next item from
     * the old one.
     */
    @Override
    public boolean allowHandover() {
        return false;
    }

    boolean done() {
        return done;
    }
}
