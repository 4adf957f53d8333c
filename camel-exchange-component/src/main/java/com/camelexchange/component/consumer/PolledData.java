package com.camelexchange.component.consumer;

import java.util.List;
import java.util.Map;

/**
 * One kind of polled data (a ticker, a book, trades, order events...): how a poll reads it, where it stands and
 * what its messages carry. Each kind is given only what it needs (its resolved request, a position store, where
 * to read); the Camel side (scheduling, batches, health, logging) is {@link PolledConsumer}'s. Made once per
 * consumer, when it first starts; used by its polling thread.
 */
public interface PolledData {

    /** One message to emit, and what to record once it has been processed successfully. */
    record Item(Object body, Map<String, Object> headers, Runnable onCompleted) {
        Item(Object body, Map<String, Object> headers) {
            this(body, headers, () -> { });
        }
    }

    /** What a poll offers the data it reads, besides where to read. */
    interface Poll {
        /**
         * Tells that {@code known} items this poll found are left for the next one (beyond
         * {@code maxEventsPerPoll}), and whether more wait on the exchange beyond what the poll's pages read.
         */
        void leftForNextPoll(int known, boolean more);

        /** Hands a problem that does not stop the poll to the route's exception handler. */
        void report(String message, Throwable problem);
    }

    /**
     * The consumer starts (again): read the stored position, say what is read.
     *
     * @param reads the consumer's reads, shared with the component's other consumers where the data allows
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
    default StatefulConsumer.State state() {
        return null;
    }

    /** Adds what this kind has to tell to its consumer's health details. */
    default void healthDetails(Map<String, Object> details) {
    }
}
