package com.camelexchange.client.feed;

/**
 * Takes the items of a {@link Feed}, one at a time and in order, on a thread of the client's shared pool.
 *
 * @param <T> what the feed delivers: a {@code Trade}, a closed candle, a {@code Ticker}, an order event...
 */
@FunctionalInterface
public interface FeedListener<T> {

    /**
     * One item. Returning normally is its delivery: the feed's position moves past it, and a feed started again
     * from the same positions goes on after it. An exception means it was not delivered: it comes again (after the
     * feed's failure backoff, or at the next poll), and so do the items after it.
     */
    void onItem(T item) throws Exception;
}
