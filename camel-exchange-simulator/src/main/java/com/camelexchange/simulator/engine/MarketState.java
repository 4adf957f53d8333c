package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.CandleSeries;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.TradeTape;

/** Everything the exchange holds for one market. Guarded by the exchange lock. */
final class MarketState {
    final MarketSpec spec;
    final OrderBook book = new OrderBook();
    final TradeTape tape;
    final CandleSeries candles = new CandleSeries();
    /** The 24h statistics are derived from 1-minute candles; cached until the next trade or minute. */
    TickerSnapshot cachedStats;
    long cachedStatsTid = -1;
    long cachedStatsMinute = -1;

    MarketState(MarketSpec spec, long firstTid, int tapeCapacity) {
        this.spec = spec;
        this.tape = new TradeTape(firstTid, tapeCapacity);
    }
}
