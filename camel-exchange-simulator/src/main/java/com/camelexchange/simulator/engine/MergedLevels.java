package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Depth levels merged into buckets of a step, for {@code depth?merge=}: bids round down, asks round up, so
 * a merged level never promises a better price than the orders in it. Public for a backtest's recorded books,
 * which are merged the same way.
 */
public final class MergedLevels {
    /** How many merged levels a side of a merged book has, whatever the size asked. */
    public static final int SIZE = 5;

    private MergedLevels() {
    }

    /** Up to {@code size} buckets of {@code bestFirst} (one side's levels, best first), best first. */
    public static List<PriceLevel> of(List<PriceLevel> bestFirst, Side side, BigDecimal step, int size) {
        Comparator<BigDecimal> order = side == Side.BUY ? Comparator.reverseOrder() : Comparator.naturalOrder();
        TreeMap<BigDecimal, BigDecimal> buckets = new TreeMap<>(order);
        RoundingMode mode = side == Side.BUY ? RoundingMode.FLOOR : RoundingMode.CEILING;
        for (PriceLevel level : bestFirst) {
            BigDecimal bucket = level.price().divide(step, 0, mode).multiply(step);
            if (!buckets.containsKey(bucket) && buckets.size() == size) {
                break;
            }
            buckets.merge(bucket, level.amount(), BigDecimal::add);
        }
        List<PriceLevel> out = new ArrayList<>(buckets.size());
        buckets.forEach((price, amount) -> out.add(new PriceLevel(price, amount)));
        return out;
    }
}
