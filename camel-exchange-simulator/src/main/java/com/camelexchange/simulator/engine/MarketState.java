package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.CandleSeries;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Trade;
import com.camelexchange.simulator.market.TradeTape;

import java.math.BigDecimal;
import java.time.Duration;

/** Everything the exchange holds for one market. Guarded by the exchange lock. */
final class MarketState {
    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    final MarketSpec spec;
    final OrderBook book = new OrderBook();
    final TradeTape tape;
    final CandleSeries candles = new CandleSeries();
    /** What an external market reported; null unless the exchange follows one (paper trading, replay). */
    final ExternalMarketState external;
    /** The 24h statistics are derived from 1-minute candles; cached until the next trade or minute. */
    private TickerSnapshot cachedStats;
    private long cachedStatsTid = -1;
    private long cachedStatsMinute = -1;

    MarketState(MarketSpec spec, long firstTid, int tapeCapacity, boolean external) {
        this.spec = spec;
        this.tape = new TradeTape(firstTid, tapeCapacity);
        this.external = external ? new ExternalMarketState() : null;
    }

    /**
     * The figures of the last 24 hours' trades: high, low, last, volume, open and turnover (best prices and
     * time are left to the caller).
     */
    TickerSnapshot dayStats(long now) {
        Trade last = tape.last();
        long lastTid = last == null ? -1 : last.tid();
        long minute = now / 60_000;
        if (cachedStats == null || cachedStatsTid != lastTid || cachedStatsMinute != minute) {
            BigDecimal high = null;
            BigDecimal low = null;
            BigDecimal vol = BigDecimal.ZERO;
            BigDecimal turnover = BigDecimal.ZERO;
            BigDecimal open = null;
            for (Bar bar : candles.query(KlineType.MIN_1, KlineType.MIN_1.openTime(now - DAY_MILLIS), 1500)) {
                high = high == null || bar.high().compareTo(high) > 0 ? bar.high() : high;
                low = low == null || bar.low().compareTo(low) < 0 ? bar.low() : low;
                vol = vol.add(bar.volume());
                turnover = turnover.add(bar.turnover());
                open = open == null ? bar.open() : open;
            }
            BigDecimal lastPrice = last == null ? BigDecimal.ZERO : last.price();
            cachedStats = new TickerSnapshot(high == null ? lastPrice : high, low == null ? lastPrice : low,
                    null, null, lastPrice, vol, 0, open == null ? lastPrice : open, turnover);
            cachedStatsTid = lastTid;
            cachedStatsMinute = minute;
        }
        return cachedStats;
    }
}
