package com.camelexchange.client.internal.feed;

import com.camelexchange.client.feed.FeedPosition;
import java.util.List;
import java.util.Map;

/**
 * One kind of polled data (a ticker, a book, trades, order events...): how a poll reads it and where it stands.
 * Each kind is given only what it needs (its request, its positions, where to read); what drives it (scheduling,
 * delivery, health, logging) is its consumer's: a Camel route's polling consumer, or a feed of a plain program.
 * Made once per consumer, when it first starts; used by its polling thread.
 */
public interface PolledData {

    /**
     * One item to deliver (a trade, a candle with its K-line, an order event...), and what to record once it was
     * delivered.
     */
    record Item(Object value, Runnable onCompleted) {
        private static final Runnable NOTHING = () -> { };

        /** An item whose delivery records nothing. */
        public Item(Object value) {
            this(value, NOTHING);
        }
    }

    /** What a poll offers the data it reads, besides where to read. */
    interface Poll {
        /**
         * Tells that {@code known} items this poll found are left for the next one (beyond
         * {@code maxEventsPerPoll}), and whether more wait on the exchange beyond what the poll's pages read.
         */
        void leftForNextPoll(int known, boolean more);

        /** Tells of a problem that does not stop the poll (the route's exception handler, a program's log). */
        void report(String message, Throwable problem);
    }

    /**
     * The consumer starts (again): read the stored position, say what is read.
     *
     * @param reads the consumer's reads, shared with other consumers where the data allows
     */
    default void start(SharedReader reads) {
    }

    /** The items this poll should emit, oldest first. */
    List<Item> poll(Poll poll);

    /** The consumer stops. */
    default void stop() {
    }

    /** Whether this data has a position or a watch, so the consumer tells its lag and the dev console its state. */
    default boolean keepsPosition() {
        return false;
    }

    /** Where it stands now; null when it keeps no position, or before it started. */
    default FeedPosition state() {
        return null;
    }

    /** Adds what this kind has to tell to its consumer's health details. */
    default void healthDetails(Map<String, Object> details) {
    }
}
