package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.stream.Backoff;
import com.camelexchange.client.internal.stream.CatchUpTurns;

import java.time.Duration;

/**
 * A positioned consumer's place among the catch-ups of its streams ({@link CatchUpTurns}): the turn it holds or waits
 * for, the waits when the market-data budget cannot serve it, and whether its catch-up at start is done, which its
 * readiness waits for. Taken and given back by the consumer's work; read by its health check.
 */
final class CatchUpTurn {
    private final Backoff budgetWaits;
    private volatile CatchUpTurns.Turn turn;
    private volatile boolean catchingUp;
    private volatile boolean startedUp;

    /** @param budgetWaits the waits when the market-data budget cannot serve a read */
    CatchUpTurn(Backoff budgetWaits) {
        this.budgetWaits = budgetWaits;
    }

    /** Whether the consumer may read now: asks for a turn when it has none; false while it waits for it. */
    boolean take(PushContext context) {
        CatchUpTurns.Turn mine = turn;
        if (mine == null) {
            mine = context.askTurn();
            turn = mine;
        }
        catchingUp = true;
        return mine.granted();
    }

    /** The read is over (or will not happen): the turn goes to the next waiting. */
    void end() {
        CatchUpTurns.Turn mine = turn;
        turn = null;
        if (mine != null) {
            mine.close();
        }
    }

    /** The budget could not serve the read: the turn goes, and the consumer asks again after the returned wait. */
    Duration budgetBusy() {
        end();
        return budgetWaits.next();
    }

    /** A read was served: the next wait for the budget starts short again. */
    void served() {
        budgetWaits.reset();
    }

    /** The catch-up is over: the consumer is ready. */
    void caughtUp() {
        catchingUp = false;
        startedUp = true;
    }

    /** There was nothing to catch up at start (no position yet): the consumer is ready. */
    void nothingToCatchUp() {
        startedUp = true;
    }

    boolean catchingUp() {
        return catchingUp;
    }

    /** Why the consumer is not ready yet, or null once its catch-up at start is done. */
    String notReady() {
        if (startedUp) {
            return null;
        }
        CatchUpTurns.Turn waiting = turn;
        int ahead = waiting == null ? 0 : waiting.ahead();
        return "catching up over REST from the position" + (ahead > 0 ? " (" + ahead + " catch-up(s) before it)"
                : "");
    }
}
