package com.camelexchange.examples.paper;

import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

/** Prints the events of the account's orders and counts the fills and cancels, to know when a run showed enough. */
final class EventTally {
    private final PrintStream out;
    private final String run;
    private final AtomicInteger fills = new AtomicInteger();
    private final AtomicInteger cancels = new AtomicInteger();
    private final Runnable enough;
    private final int fillsWanted;

    /** @param enough called once the account had {@code fillsWanted} fills and a cancel */
    EventTally(PrintStream out, String run, Runnable enough, int fillsWanted) {
        this.out = out;
        this.run = run;
        this.enough = enough;
        this.fillsWanted = fillsWanted;
    }

    void add(OrderEvent event) {
        if (event.type() == OrderEventType.FILLED || event.type() == OrderEventType.PARTIALLY_FILLED) {
            fills.incrementAndGet();
        } else if (event.type() == OrderEventType.CANCELLED) {
            cancels.incrementAndGet();
        }
        out.println(run + " event: " + event.type() + " " + event.order().side() + " "
                + event.order().totalAmount().toPlainString() + " at " + event.order().price().toPlainString()
                + (event.tradedSinceLast().signum() > 0 ? ", traded " + event.tradedSinceLast().toPlainString() : ""));
        if (fills.get() >= fillsWanted && cancels.get() >= 1) {
            // Orders were placed, filled and cancelled: the run showed what it is for.
            enough.run();
        }
    }
}
