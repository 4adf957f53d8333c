package com.camelexchange.component.paper;

import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.Trade;

import java.util.List;
import java.util.Map;

/**
 * The live market as the component reads it, for the paper exchange and the recorder: over the component's own
 * market-data client, limits and WebSocket sessions, never a connection of their own. No method signs anything.
 */
public interface LiveMarket {

    /** The markets of the live service, read now over REST. */
    Map<String, Market> markets();

    /** The book of a market, read now over REST, as deep as the service gives it. */
    Depth depth(String market);

    /** The latest trades of a market, read now over REST, in tid order. */
    List<Trade> trades(String market);

    /**
     * Follows a market's book and trades from now on, telling {@code listener} of each as it arrives: pushed over
     * the component's WebSocket session (trades caught up over REST after a reconnect), or polled when the
     * component's paper exchange is told not to stream.
     *
     * @return stops following
     */
    AutoCloseable follow(String market, MarketDataListener listener);
}
