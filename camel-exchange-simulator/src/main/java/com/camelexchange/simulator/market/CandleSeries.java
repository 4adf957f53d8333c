package com.camelexchange.simulator.market;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The K-lines of one market for all thirteen periods, fed by every trade. Keeps the latest
 * {@link #RETAINED} candles per period (the endpoint answers at most 1000). Guarded by the exchange lock.
 */
public final class CandleSeries {
    public static final int MAX_REPLY = 1000;
    static final int RETAINED = 1500;

    private final Map<KlineType, TreeMap<Long, Candle>> byType = new EnumMap<>(KlineType.class);
    private long version;

    public CandleSeries() {
        for (KlineType type : KlineType.values()) {
            byType.put(type, new TreeMap<>());
        }
    }

    public void add(Trade trade) {
        version++;
        for (Map.Entry<KlineType, TreeMap<Long, Candle>> e : byType.entrySet()) {
            long open = e.getKey().openTime(trade.epochMillis());
            TreeMap<Long, Candle> candles = e.getValue();
            Candle candle = candles.get(open);
            if (candle == null) {
                candles.put(open, new Candle(open, trade.price(), trade.amount()));
                if (candles.size() > RETAINED) {
                    candles.pollFirstEntry();
                }
            } else {
                candle.add(trade.price(), trade.amount());
            }
        }
    }

    /**
     * Sets one candle as an external market reported it, replacing the one with that open time: a market's
     * candle is updated until its period ends, and the latest report is the one that counts.
     */
    public void put(KlineType type, long openTime, BigDecimal open, BigDecimal high, BigDecimal low,
                    BigDecimal close, BigDecimal volume) {
        version++;
        TreeMap<Long, Candle> candles = byType.get(type);
        candles.put(openTime, new Candle(openTime, open, high, low, close, volume));
        if (candles.size() > RETAINED) {
            candles.pollFirstEntry();
        }
    }

    /** Grows with every trade added and candle set, so a reader can tell the candles changed. */
    public long version() {
        return version;
    }

    /**
     * Candles of a period, oldest first: the latest {@code size} candles whose open time is at or after
     * {@code since} (all retained candles without it). The exchange's API documentation reads {@code since} as "data after
     * this timestamp" and answers "up to the latest 1000 records", so a {@code since} far in the past
     * still yields the newest candles, not the oldest ones after it. Periods without trades have no candle.
     */
    public List<Bar> query(KlineType type, Long since, int size) {
        TreeMap<Long, Candle> candles = byType.get(type);
        NavigableMap<Long, Candle> window = since == null ? candles : candles.tailMap(since, true);
        List<Bar> out = new ArrayList<>(Math.min(size, window.size()));
        for (Candle c : window.descendingMap().values()) {
            if (out.size() == size) {
                break;
            }
            out.add(c.bar());
        }
        Collections.reverse(out);
        return out;
    }
}
