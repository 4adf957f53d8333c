package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * The resting limit orders of one market with price-time priority: best price first, and at one
 * price the earliest order first. Not thread-safe: guarded by the exchange lock.
 */
final class OrderBook {
    private final TreeMap<BigDecimal, ArrayDeque<Order>> bids = new TreeMap<>(Comparator.reverseOrder());
    private final TreeMap<BigDecimal, ArrayDeque<Order>> asks = new TreeMap<>();

    private TreeMap<BigDecimal, ArrayDeque<Order>> side(Side side) {
        return side == Side.BUY ? bids : asks;
    }

    /** Whether an order of this side and price would trade against the book at once. */
    boolean wouldCross(Side side, BigDecimal price) {
        TreeMap<BigDecimal, ArrayDeque<Order>> opposite = side(side.opposite());
        if (opposite.isEmpty()) {
            return false;
        }
        BigDecimal best = opposite.firstKey();
        return side == Side.BUY ? best.compareTo(price) <= 0 : best.compareTo(price) >= 0;
    }

    /**
     * Trades the taker against the opposite side while prices cross; each fill happens at the maker's
     * price. {@code onFill} receives (maker, quantity) and settles funds; filled makers leave the book.
     */
    void match(Order taker, BiConsumer<Order, BigDecimal> onFill) {
        TreeMap<BigDecimal, ArrayDeque<Order>> opposite = side(taker.side().opposite());
        while (taker.remaining().signum() > 0 && wouldCross(taker.side(), taker.price())) {
            Map.Entry<BigDecimal, ArrayDeque<Order>> level = opposite.firstEntry();
            Order maker = level.getValue().peekFirst();
            BigDecimal qty = taker.remaining().min(maker.remaining());
            onFill.accept(maker, qty);
            if (!maker.isOpen()) {
                level.getValue().pollFirst();
                if (level.getValue().isEmpty()) {
                    opposite.pollFirstEntry();
                }
            }
        }
    }

    void rest(Order order) {
        side(order.side()).computeIfAbsent(order.price(), p -> new ArrayDeque<>()).addLast(order);
    }

    void remove(Order order) {
        TreeMap<BigDecimal, ArrayDeque<Order>> book = side(order.side());
        ArrayDeque<Order> level = book.get(order.price());
        if (level != null && level.remove(order) && level.isEmpty()) {
            book.remove(order.price());
        }
    }

    BigDecimal best(Side side) {
        TreeMap<BigDecimal, ArrayDeque<Order>> book = side(side);
        return book.isEmpty() ? null : book.firstKey();
    }

    int levelCount(Side side) {
        return side(side).size();
    }

    /** Up to {@code size} levels of one side, best first. */
    List<PriceLevel> levels(Side side, int size) {
        List<PriceLevel> out = new ArrayList<>(size);
        for (Map.Entry<BigDecimal, ArrayDeque<Order>> e : side(side).entrySet()) {
            if (out.size() == size) {
                break;
            }
            out.add(new PriceLevel(e.getKey(), total(e.getValue())));
        }
        return out;
    }

    /** Levels merged into buckets of {@code step} (see {@link MergedLevels}), best first. */
    List<PriceLevel> mergedLevels(Side side, BigDecimal step, int size) {
        return MergedLevels.of(levels(side, levelCount(side)), side, step, size);
    }

    /** The open orders of one side, best first, as a copy (a user's open orders, read once per call). */
    List<Order> orders(Side side) {
        List<Order> out = new ArrayList<>();
        side(side).values().forEach(out::addAll);
        return Collections.unmodifiableList(out);
    }

    /**
     * The open orders of one side, best first, without a copy: what a paper trade walks on every external trade,
     * stopping at the first order it does not reach, so its cost follows the orders it fills and not all that rest.
     * A view: the book must not change while it is walked.
     */
    Iterable<Order> bestFirst(Side side) {
        return () -> new Walk(side(side).values().iterator());
    }

    /**
     * The open orders of one side from the best price to {@code worst} included, best first, without a copy: those
     * a fed book's levels can tell something of, down to its last level. A view, like {@link #bestFirst}.
     */
    Iterable<Order> bestFirstTo(Side side, BigDecimal worst) {
        return () -> new Walk(side(side).headMap(worst, true).values().iterator());
    }

    /** The open orders at one price of one side, earliest first, without a copy; empty when none rests there. */
    Collection<Order> at(Side side, BigDecimal price) {
        ArrayDeque<Order> level = side(side).get(price);
        return level == null ? List.of() : Collections.unmodifiableCollection(level);
    }

    /** The orders of price levels one after the other, each level earliest first. */
    private static final class Walk implements Iterator<Order> {
        private final Iterator<ArrayDeque<Order>> levels;
        private Iterator<Order> level = Collections.emptyIterator();

        Walk(Iterator<ArrayDeque<Order>> levels) {
            this.levels = levels;
        }

        @Override
        public boolean hasNext() {
            while (!level.hasNext() && levels.hasNext()) {
                level = levels.next().iterator();
            }
            return level.hasNext();
        }

        @Override
        public Order next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return level.next();
        }
    }

    private static BigDecimal total(ArrayDeque<Order> orders) {
        BigDecimal sum = BigDecimal.ZERO;
        for (Order o : orders) {
            sum = sum.add(o.remaining());
        }
        return sum;
    }
}
