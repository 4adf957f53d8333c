package com.camelexchange.simulator.market;

import java.util.ArrayList;
import java.util.List;

/**
 * The public trade history of one market, in tid order, bounded so a long-running simulator does not
 * grow without limit. Not thread-safe: guarded by the exchange lock.
 */
public final class TradeTape {
    /** Page size of the {@code trades} endpoint. */
    public static final int PAGE = 50;

    private final int capacity;
    private final ArrayList<Trade> trades = new ArrayList<>();
    private long nextTid;

    public TradeTape(long firstTid, int capacity) {
        this.nextTid = firstTid;
        this.capacity = capacity;
    }

    public long nextTid() {
        return nextTid++;
    }

    public void append(Trade trade) {
        trades.add(trade);
        if (trades.size() > capacity + capacity / 4) {
            // Trim in chunks so appends stay amortised O(1).
            trades.subList(0, trades.size() - capacity).clear();
        }
    }

    /** The first {@value #PAGE} trades with a tid greater than {@code since}, oldest first. */
    public List<Trade> after(long since) {
        int from = firstIndexAfter(since);
        return List.copyOf(trades.subList(from, Math.min(trades.size(), from + PAGE)));
    }

    /** The latest {@value #PAGE} trades, oldest first. */
    public List<Trade> latest() {
        return List.copyOf(trades.subList(Math.max(0, trades.size() - PAGE), trades.size()));
    }

    /** Every retained trade with a tid greater than {@code since}, oldest first (no page limit). */
    public List<Trade> allAfter(long since) {
        return List.copyOf(trades.subList(firstIndexAfter(since), trades.size()));
    }

    public Trade last() {
        return trades.isEmpty() ? null : trades.get(trades.size() - 1);
    }

    public int size() {
        return trades.size();
    }

    private int firstIndexAfter(long tid) {
        int lo = 0;
        int hi = trades.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (trades.get(mid).tid() <= tid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
