package com.camelexchange.component.consumer;

/**
 * A consumer that keeps where it stands (the trades and kline consumers' position, the orders and withdrawals
 * consumers' watch), for the dev console.
 */
public interface StatefulConsumer {

    /**
     * Where a consumer stands.
     *
     * @param key        its key in the state repository (or in memory)
     * @param value      what was last committed: a trade id or candle time, or the watch as compact JSON; null
     *                   before the consumer read or committed anything
     * @param repository whether a {@code stateRepository} keeps it (it survives a restart), not memory only
     */
    record State(String key, String value, boolean repository) {
    }

    /** Where the consumer stands now; null before it first started. */
    State state();
}
