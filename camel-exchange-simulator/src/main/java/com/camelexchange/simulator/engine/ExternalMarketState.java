package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.CandleSeries;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What an external market (a live feed or a replay) last said about one market beyond its trades: the
 * book, the ticker and the candles it reported. The public market data of the simulator is served from
 * here, as fed; paper orders never show in it. Guarded by the exchange lock.
 */
final class ExternalMarketState {
    final ExternalBook book = new ExternalBook();
    /** Candles of the types the feed reported; the other types are built from the fed trades. */
    private final CandleSeries fedCandles = new CandleSeries();
    private final Set<KlineType> fedTypes = EnumSet.noneOf(KlineType.class);
    private TickerSnapshot fedTicker;

    void ticker(TickerSnapshot ticker) {
        fedTicker = ticker;
    }

    void candle(KlineType type, long openTime, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close,
                BigDecimal volume) {
        fedTypes.add(type);
        fedCandles.put(type, openTime, open, high, low, close, volume);
    }

    /** Null when the candles of this type come from the trades. */
    List<Bar> klines(KlineType type, Long since, int size) {
        return fedTypes.contains(type) ? fedCandles.query(type, since, size) : null;
    }

    long klineVersion() {
        return fedCandles.version();
    }

    /**
     * The fed ticker as it came, with the open and turnover of the trades' 24 hours (which a ticker does
     * not report); without one, the figures of the fed trades with the best prices of the fed book.
     */
    TickerSnapshot ticker(TickerSnapshot fromTrades, long now) {
        if (fedTicker != null) {
            long date = fedTicker.epochMillis() >= 0 ? fedTicker.epochMillis() : now;
            return new TickerSnapshot(fedTicker.high(), fedTicker.low(), fedTicker.buy(), fedTicker.sell(),
                    fedTicker.last(), fedTicker.vol(), date, fromTrades.open(), fromTrades.turnover());
        }
        return new TickerSnapshot(fromTrades.high(), fromTrades.low(), best(Side.BUY), best(Side.SELL),
                fromTrades.last(), fromTrades.vol(), now, fromTrades.open(), fromTrades.turnover());
    }

    private BigDecimal best(Side side) {
        List<PriceLevel> levels = book.levels(side);
        return levels.isEmpty() ? BigDecimal.ZERO : levels.get(0).price();
    }

    /** The fed book at its own time (or {@code now} before the first one), best first on both sides. */
    DepthSnapshot depth(int size, BigDecimal merge, long now) {
        long at = book.fed() ? book.bookMillis() : now;
        if (merge != null) {
            return new DepthSnapshot(MergedLevels.of(book.levels(Side.SELL), Side.SELL, merge, MergedLevels.SIZE),
                    MergedLevels.of(book.levels(Side.BUY), Side.BUY, merge, MergedLevels.SIZE), at);
        }
        return new DepthSnapshot(head(book.levels(Side.SELL), size), head(book.levels(Side.BUY), size), at);
    }

    private static List<PriceLevel> head(List<PriceLevel> levels, int size) {
        return levels.size() <= size ? levels : levels.subList(0, size);
    }
}
