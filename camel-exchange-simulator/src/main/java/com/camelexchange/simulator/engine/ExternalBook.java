package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * The last book snapshot of an external market, and what paper takers have taken from it. Each snapshot
 * replaces the one before, consumption included: what one paper order took from a snapshot is not there
 * for the next, until the market sends a new book. Guarded by the exchange lock.
 */
final class ExternalBook {
    /** Far more than the 50 levels the exchange sends; beyond it the worst levels are dropped. */
    static final int MAX_LEVELS = 1000;

    private List<PriceLevel> asks = List.of();
    private List<PriceLevel> bids = List.of();
    private BigDecimal[] takenAsks = new BigDecimal[0];
    private BigDecimal[] takenBids = new BigDecimal[0];
    private long bookMillis;
    private boolean fed;
    private long receivedMillis;

    /**
     * Replaces the snapshot. Levels are sorted best first and equal prices merged, so a feed's order does
     * not matter; levels without a positive amount are left out.
     */
    void replace(List<PriceLevel> newBids, List<PriceLevel> newAsks, long bookTime, long receivedAt) {
        bids = normalise(newBids, Side.BUY);
        asks = normalise(newAsks, Side.SELL);
        takenBids = zeros(bids.size());
        takenAsks = zeros(asks.size());
        bookMillis = bookTime;
        receivedMillis = receivedAt;
        fed = true;
    }

    private static List<PriceLevel> normalise(List<PriceLevel> levels, Side side) {
        Comparator<BigDecimal> bestFirst = side == Side.BUY ? Comparator.reverseOrder() : Comparator.naturalOrder();
        TreeMap<BigDecimal, BigDecimal> byPrice = new TreeMap<>(bestFirst);
        for (PriceLevel level : levels) {
            if (level.amount().signum() > 0) {
                byPrice.merge(level.price(), level.amount(), BigDecimal::add);
            }
        }
        List<PriceLevel> out = new ArrayList<>(Math.min(byPrice.size(), MAX_LEVELS));
        for (var e : byPrice.entrySet()) {
            if (out.size() == MAX_LEVELS) {
                break;
            }
            out.add(new PriceLevel(e.getKey(), e.getValue()));
        }
        return List.copyOf(out);
    }

    private static BigDecimal[] zeros(int n) {
        BigDecimal[] out = new BigDecimal[n];
        Arrays.fill(out, BigDecimal.ZERO);
        return out;
    }

    /** Whether a book was fed no longer than {@code staleAfter} before {@code now}. */
    boolean usable(long now, Duration staleAfter) {
        return fed && now - receivedMillis <= staleAfter.toMillis();
    }

    boolean fed() {
        return fed;
    }

    long bookMillis() {
        return bookMillis;
    }

    /** One side as fed, best first, paper consumption not deducted: what the market showed. */
    List<PriceLevel> levels(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    /** What is left for paper takers at the {@code index}-th level of a side. */
    BigDecimal available(Side side, int index) {
        BigDecimal taken = (side == Side.BUY ? takenBids : takenAsks)[index];
        return levels(side).get(index).amount().subtract(taken);
    }

    void take(Side side, int index, BigDecimal qty) {
        BigDecimal[] taken = side == Side.BUY ? takenBids : takenAsks;
        taken[index] = taken[index].add(qty);
    }

    /** The best level of a side with something left for paper takers, or null. */
    BigDecimal bestAvailable(Side side) {
        List<PriceLevel> levels = levels(side);
        for (int i = 0; i < levels.size(); i++) {
            if (available(side, i).signum() > 0) {
                return levels.get(i).price();
            }
        }
        return null;
    }
}
