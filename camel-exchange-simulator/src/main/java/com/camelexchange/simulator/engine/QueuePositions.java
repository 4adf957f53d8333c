package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each resting paper order stands in the external market's queue at its price, for the queue model
 * ({@link FillModel.Kind#QUEUE}): the amount ahead of it, which trades at its price take before it fills.
 * <ul>
 * <li>An order joins behind the amount the fed book showed at its price when it reached the book. A price better
 *     than the best the book showed, or between its levels, has nobody ahead. A price beyond the book's last level
 *     (or with no usable book) is unknown ground: until a snapshot shows that price, only a trade through fills the
 *     order; then it stands behind all that snapshot shows there, which counts the orders that came after it too
 *     (so it never fills early).</li>
 * <li>A trade at the price takes the queue ahead first, then the order (see {@link PaperMatcher}).</li>
 * <li>A new snapshot that shows less at the price than the level held (the last snapshot's amount less the trades
 *     at the price since) means orders left it. A snapshot tells only the level's total, not whose orders left, so
 *     each unit resting there is taken as equally likely to have been cancelled: the queue ahead shrinks in
 *     proportion, {@code ahead x shown / held}, rounded up to the market's amount scale (never in the order's
 *     favour). Cancels from the back only would leave the order's place unchanged, from the front only would move
 *     it forward by the whole drop; the even share lies between the two without knowing more. More than the level
 *     held is newcomers, behind the order: the queue ahead never grows.</li>
 * <li>A side with no level at all tells nothing of a price (the feed may have sent half a book); a price outside
 *     the levels shown, beyond the last one, neither.</li>
 * </ul>
 * Lookups only: the book's orders are always walked in their own (price-time) order, so the map's order never
 * shows. Guarded by the exchange lock.
 */
final class QueuePositions {
    /** The amount ahead (null while unknown) and the level's amount as last known (snapshot less trades since). */
    private static final class Position {
        BigDecimal ahead;
        BigDecimal held;

        Position(BigDecimal shown) {
            this.ahead = shown;
            this.held = shown;
        }
    }

    /** Below this many positions the closed orders' ones are never swept: a few stale entries cost nothing. */
    private static final int FIRST_SWEEP = 64;

    private final Map<Order, Position> positions = new HashMap<>();
    /** The size at which {@link #forgetClosed} next sweeps. */
    private int sweepAt = FIRST_SWEEP;

    /** An order reached the book: it stands behind what the book shows at its price (see the class). */
    void join(Order order, ExternalBook book, boolean usable) {
        BigDecimal shown = usable ? shownAt(book.levels(order.side()), order.side(), order.price()) : null;
        positions.put(order, new Position(shown));
    }

    /**
     * The amount ahead of a resting order at its price; null while unknown. An order the queue model never saw
     * join (one imported from an earlier run) is unknown until a snapshot shows its price.
     */
    BigDecimal ahead(Order order) {
        Position p = positions.get(order);
        return p == null ? null : p.ahead;
    }

    /**
     * A trade at {@code trade.price()} took that much of the queue on {@code side}: from the amount ahead of each
     * order resting there and from the level as held.
     */
    void traded(List<Order> resting, Trade trade) {
        for (Order order : resting) {
            if (order.price().compareTo(trade.price()) != 0 || !order.isOpen()) {
                continue;
            }
            Position p = positions.get(order);
            if (p != null && p.ahead != null) {
                p.ahead = p.ahead.subtract(p.ahead.min(trade.amount()));
                p.held = p.held.subtract(p.held.min(trade.amount()));
            }
        }
    }

    /**
     * Drops the positions of orders no longer open, once the map has doubled since the last sweep: such a position
     * is never read again (only open orders are filled, queued and snapshot), so this is memory only, and sweeping
     * on every book would walk every resting order each time.
     */
    void forgetClosed() {
        if (positions.size() >= sweepAt) {
            positions.keySet().removeIf(o -> !o.isOpen());
            sweepAt = Math.max(FIRST_SWEEP, 2 * positions.size());
        }
    }

    /**
     * A new snapshot: the queue ahead of each of these resting orders (of one side or both) as it tells it (see the
     * class). Orders the snapshot tells nothing of may be left out: they keep their position.
     */
    void snapshot(Iterable<Order> resting, ExternalBook book, int amountScale) {
        for (Order order : resting) {
            BigDecimal shown = shownAt(book.levels(order.side()), order.side(), order.price());
            if (shown == null) {
                continue;
            }
            Position p = positions.get(order);
            if (p == null || p.ahead == null) {
                positions.put(order, new Position(shown));
            } else if (shown.compareTo(p.held) < 0) {
                BigDecimal share = p.ahead.multiply(shown).divide(p.held, amountScale, RoundingMode.UP);
                p.ahead = share.min(shown);
                p.held = shown;
            } else {
                p.held = shown;
            }
        }
    }

    /**
     * What a side's levels show at a price: the level's amount, zero for a price better than the best or between
     * levels, null when they tell nothing of it (no level at all, or a price beyond the last one).
     */
    private static BigDecimal shownAt(List<PriceLevel> levels, Side side, BigDecimal price) {
        if (levels.isEmpty()) {
            return null;
        }
        for (PriceLevel level : levels) {
            int c = level.price().compareTo(price);
            if (c == 0) {
                return level.amount();
            }
            boolean beyond = side == Side.BUY ? c < 0 : c > 0;
            if (beyond) {
                // Levels are best first: the price lies before this one, where nobody rests.
                return BigDecimal.ZERO;
            }
        }
        return null;
    }
}
