package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.FeedPosition;

/**
 * A consumer that keeps where it stands (the trades and kline consumers' position, the orders and withdrawals
 * consumers' watch), for the dev console.
 */
public interface StatefulConsumer {

    /**
     * Where the consumer stands now (its key in the state repository or in memory, what was last committed, whether a
     * {@code stateRepository} keeps it); null before it first started.
     */
    FeedPosition state();
}
