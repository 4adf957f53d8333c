package com.camelexchange.client.paper;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Trade;

import java.util.List;
import java.util.Map;

/**
 * The live market as a paper run reads it, for the paper exchange and the recorder: over the run's keyless
 * market-data client, its limits and WebSocket sessions, never a connection of their own. No method signs anything.
 */
public interface LiveMarket {

    /** The markets of the live service, read now over REST. */
    Map<String, Market> markets();

    /** The book of a market, read now over REST, as deep as the service gives it. */
    Depth depth(String market);

    /** The latest trades of a market, read now over REST, in tid order. */
    List<Trade> trades(String market);

    /**
     * Follows a market's book and trades, telling {@code listener} of each as it arrives: pushed over the
     * client's WebSocket session (trades caught up over REST after a reconnect, each once and in order), or
     * polled when the run is told not to stream.
     *
     * @param afterTid the trades told start after this id (the last one read with {@link #trades}), so that none
     *                 is missed between that read and the subscription; null for those from now on
     * @return stops following
     */
    AutoCloseable follow(String market, Long afterTid, MarketDataListener listener);
}
