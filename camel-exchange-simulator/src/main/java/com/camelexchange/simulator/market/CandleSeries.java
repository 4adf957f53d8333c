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
 *
 * <p>A trade goes into its 1-minute candle at once (the 24-hour ticker is made of those). The longer periods take
 * a minute's trades when the next minute begins, as that one candle, or as soon as one of them is read: a
 * replay's trade, which no route may ever ask a K-line of, then costs one candle instead of thirteen, and a
 * reply is the same as had every trade gone into every period (see {@link Candle#add(Candle)}). Once a longer
 * period was read during a minute, the rest of that minute's trades go into every period as they come; so does a
 * trade dated before the latest minute.
 */
public final class CandleSeries {
    public static final int MAX_REPLY = 1000;
    static final int RETAINED = 1500;

    private final Map<KlineType, TreeMap<Long, Candle>> byType = new EnumMap<>(KlineType.class);
    private long version;
    /** The 1-minute candle of the latest minute traded in; null before the first trade or after a set candle. */
    private Candle minute;
    /** Whether the longer periods hold {@link #minute}'s trades: then a trade of that minute goes to every period. */
    private boolean mirrored = true;

    public CandleSeries() {
        for (KlineType type : KlineType.values()) {
            byType.put(type, new TreeMap<>());
        }
    }

    public void add(Trade trade) {
        version++;
        long open = KlineType.MIN_1.openTime(trade.epochMillis());
        if (minute != null && minute.openTime() == open) {
            BigDecimal turnover = trade.price().multiply(trade.amount());
            minute.add(trade.price(), trade.amount(), turnover);
            if (mirrored) {
                addToLonger(trade, turnover);
            }
            return;
        }
        // Another minute: the longer periods take the latest one's trades before anything else changes them.
        mirror();
        TreeMap<Long, Candle> minutes = byType.get(KlineType.MIN_1);
        if (minutes.isEmpty() || open > minutes.lastKey()) {
            minute = new Candle(open, trade.price(), trade.amount());
            retain(minutes, open, minute);
            mirrored = false;
        } else {
            // Dated before the latest minute: into every period as it comes.
            BigDecimal turnover = trade.price().multiply(trade.amount());
            add(KlineType.MIN_1, minutes, trade, turnover);
            addToLonger(trade, turnover);
        }
    }

    /** A trade into the candle of each period longer than a minute. */
    private void addToLonger(Trade trade, BigDecimal turnover) {
        for (Map.Entry<KlineType, TreeMap<Long, Candle>> e : byType.entrySet()) {
            if (e.getKey() != KlineType.MIN_1) {
                add(e.getKey(), e.getValue(), trade, turnover);
            }
        }
    }

    private static void add(KlineType type, TreeMap<Long, Candle> candles, Trade trade, BigDecimal turnover) {
        long open = type.openTime(trade.epochMillis());
        Candle candle = candles.get(open);
        if (candle == null) {
            retain(candles, open, new Candle(open, trade.price(), trade.amount()));
        } else {
            candle.add(trade.price(), trade.amount(), turnover);
        }
    }

    /** The longer periods take the latest minute's trades, unless they have them. */
    private void mirror() {
        if (mirrored) {
            return;
        }
        mirrored = true;
        for (Map.Entry<KlineType, TreeMap<Long, Candle>> e : byType.entrySet()) {
            if (e.getKey() != KlineType.MIN_1) {
                long open = e.getKey().openTime(minute.openTime());
                Candle candle = e.getValue().get(open);
                if (candle == null) {
                    retain(e.getValue(), open, new Candle(open, minute));
                } else {
                    candle.add(minute);
                }
            }
        }
    }

    /** A new candle, the oldest dropped beyond {@link #RETAINED}. */
    private static void retain(TreeMap<Long, Candle> candles, long open, Candle candle) {
        candles.put(open, candle);
        if (candles.size() > RETAINED) {
            candles.pollFirstEntry();
        }
    }

    /**
     * Sets one candle as an external market reported it, replacing the one with that open time: a market's
     * candle is updated until its period ends, and the latest report is the one that counts.
     */
    public void put(KlineType type, long openTime, BigDecimal open, BigDecimal high, BigDecimal low,
                    BigDecimal close, BigDecimal volume) {
        version++;
        // Every period up to date first; the set candle may be the latest minute's, which trades then no longer
        // reach through it: the next trade finds its candle in the map.
        mirror();
        minute = null;
        retain(byType.get(type), openTime, new Candle(openTime, open, high, low, close, volume));
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
        if (type != KlineType.MIN_1) {
            mirror();
        }
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
