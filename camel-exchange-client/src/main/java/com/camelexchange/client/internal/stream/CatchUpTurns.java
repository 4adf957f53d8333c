package com.camelexchange.client.internal.stream;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Turns at catching up over REST, shared by the streaming consumers of a component: a few at a time, the others
 * waiting first come, first served. Two hundred consumers subscribed at once (at start, after a reconnect) would
 * otherwise all ask the market-data budget at the same moment, each waiting for a permit longer than its wait
 * allows; in turns, each asks when the budget can answer it, and the order they asked in is kept. Nothing waits
 * on a thread: a consumer whose turn is not yet comes back when it is told. Thread-safe.
 */
public final class CatchUpTurns {
    private final int slots;
    private final ArrayDeque<Turn> waiting = new ArrayDeque<>();
    private int inUse;

    /** @param slots how many catch up at once, at least 1 */
    public CatchUpTurns(int slots) {
        this.slots = Math.max(1, slots);
    }

    /**
     * Asks for a turn: granted at once when a slot is free and no one waits before; otherwise queued, and
     * {@code whenGranted} runs (on the thread that gave its slot back) once it is granted.
     */
    public Turn ask(Runnable whenGranted) {
        Turn turn = new Turn(whenGranted);
        synchronized (this) {
            if (waiting.isEmpty() && inUse < slots) {
                inUse++;
                turn.granted = true;
            } else {
                waiting.addLast(turn);
            }
        }
        return turn;
    }

    /** The consumers waiting for a turn now. */
    public synchronized int waiting() {
        return waiting.size();
    }

    /** The turns taken now. */
    public synchronized int inUse() {
        return inUse;
    }

    public int slots() {
        return slots;
    }

    /** Gives a slot back and grants it to the next waiting, if any; told outside the lock. */
    private void release() {
        Turn next;
        synchronized (this) {
            next = waiting.pollFirst();
            if (next == null) {
                inUse--;
                return;
            }
            next.granted = true;
        }
        next.whenGranted.run();
    }

    /** One consumer's turn; close it when its REST reads are done (or when it no longer wants it). */
    public final class Turn implements AutoCloseable {
        private final Runnable whenGranted;
        // Guarded by the turns' lock.
        private boolean granted;
        private boolean closed;

        private Turn(Runnable whenGranted) {
            this.whenGranted = whenGranted;
        }

        /** Whether it may catch up now. */
        public boolean granted() {
            synchronized (CatchUpTurns.this) {
                return granted;
            }
        }

        /** How many wait before it; 0 once granted. */
        public int ahead() {
            synchronized (CatchUpTurns.this) {
                int ahead = 0;
                for (Iterator<Turn> i = waiting.iterator(); i.hasNext(); ahead++) {
                    if (i.next() == this) {
                        return ahead;
                    }
                }
                return 0;
            }
        }

        /** Gives its slot to the next waiting, or leaves the queue if it was still waiting. */
        @Override
        public void close() {
            boolean held;
            synchronized (CatchUpTurns.this) {
                if (closed) {
                    return;
                }
                closed = true;
                held = granted;
                if (!held) {
                    waiting.remove(this);
                }
            }
            if (held) {
                release();
            }
        }
    }
}
