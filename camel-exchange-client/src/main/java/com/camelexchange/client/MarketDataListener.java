package com.camelexchange.client;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.util.List;
import java.util.Map;

/**
 * Told of the market data the component receives, over REST and pushed, as it is decoded: a recorder writes
 * it down, a paper exchange follows it. Called on the thread that received it (a route's, a consumer's): an
 * implementation does little and returns, and never throws into the component (what it throws is logged and
 * swallowed by the component).
 */
public interface MarketDataListener {
    /** Listens to nothing. */
    MarketDataListener NONE = new MarketDataListener() {
        @Override
        public boolean listening() {
            return false;
        }
    };

    /** Whether anything listens: a caller may skip preparing data that nobody would be told. */
    default boolean listening() {
        return true;
    }

    /** The markets reply: the name, scales and minimums of every market. */
    default void markets(Map<String, Market> markets) {
    }

    /** Trades of one market as received, in tid order: a REST page or a push. */
    default void trades(List<Trade> trades) {
    }

    /** A book as received. */
    default void depth(Depth depth) {
    }

    /** A ticker as received (the all-ticker reply is told one ticker at a time). */
    default void ticker(Ticker ticker) {
    }

    /** K-line candles of one market and type as received: a REST reply or a push. */
    default void kline(Kline kline) {
    }
}
