package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills paper orders against an external market, which is their only counterparty: paper orders never
 * trade with each other and never show in the market data. The rules:
 * <ul>
 * <li>An incoming order that crosses the fed book takes its levels best first, each at the level's price
 *     and at most what is left of it in this snapshot, up to the order's limit; it pays the taker fee.</li>
 * <li>A resting order fills only when the external tape trades through its price (a buy at P on a trade
 *     strictly below P, a sell on one strictly above), at its own price, for at most the trade's amount
 *     shared in price-time priority among the resting orders of that side; it pays the maker fee. A trade
 *     at exactly P fills {@link FillModel#atTouch()} of its amount (none by default).</li>
 * <li>A trade dated before an order was placed never fills it: a feed that catches up after a gap delivers trades
 *     late, and they may have happened while the order did not exist. Both times are the market's: the trade's
 *     date as the market gave it, the order's {@link Order#marketTime()} as the {@link MarketClock} knew it at
 *     placement, so the rule holds however far this exchange's clock is from the market's.</li>
 * <li>No usable book (none yet, or older than {@link FillModel#staleBookAfter()}) takes nothing: a crossing
 *     order rests, and no trade means no fill.</li>
 * </ul>
 * Guarded by the exchange lock.
 */
final class PaperMatcher {
    private final FillModel model;
    private final Settlement settlement;
    private final MarketClock marketClock = new MarketClock();

    PaperMatcher(FillModel model, Settlement settlement) {
        this.model = model;
        this.settlement = settlement;
    }

    FillModel model() {
        return model;
    }

    /** A trade the market dated when it was made arrived now: what it says of the market's clock. */
    void traded(long marketMillis, long now) {
        marketClock.traded(marketMillis, now);
    }

    /** A book or ticker the market dated when it served it arrived now: what it says of the market's clock. */
    void served(long marketMillis, long now) {
        marketClock.served(marketMillis, now);
    }

    /** Dated data that disagreed with the market's clock as the rest of its data tell it (left out of it). */
    long clockDisagreements() {
        return marketClock.disagreements();
    }

    /** The market's time when this exchange's clock reads {@code now}, as far as its data tells. */
    long marketTime(long now) {
        return marketClock.marketTime(now);
    }

    /** Whether an order would take from the fed book at once (PostOnly is refused when it would). */
    boolean wouldCross(MarketState market, Side side, BigDecimal price, long now) {
        ExternalBook book = market.external.book;
        if (!book.usable(now, model.staleBookAfter())) {
            return false;
        }
        BigDecimal best = book.bestAvailable(side.opposite());
        return best != null && crosses(side, price, best);
    }

    private static boolean crosses(Side side, BigDecimal limit, BigDecimal levelPrice) {
        return side == Side.BUY ? levelPrice.compareTo(limit) <= 0 : levelPrice.compareTo(limit) >= 0;
    }

    /** An incoming order takes what it crosses of the fed book, best level first. */
    void take(MarketState market, Order order, long now) {
        ExternalBook book = market.external.book;
        if (!book.usable(now, model.staleBookAfter())) {
            return;
        }
        Side opposite = order.side().opposite();
        List<PriceLevel> levels = book.levels(opposite);
        for (int i = 0; i < levels.size() && order.remaining().signum() > 0; i++) {
            BigDecimal price = levels.get(i).price();
            if (!crosses(order.side(), order.price(), price)) {
                break;
            }
            BigDecimal qty = order.remaining().min(book.available(opposite, i));
            if (qty.signum() > 0) {
                book.take(opposite, i, qty);
                settlement.one(order, qty, price, false, now);
            }
        }
    }

    /**
     * An external trade: the resting orders it traded through fill. Each side has the trade's amount to
     * share: the seller of the trade would have sold to a paper bid above its price, the buyer would have
     * bought from a paper offer below it.
     */
    void tradeThrough(MarketState market, Trade trade, long now) {
        List<Order> filled = new ArrayList<>();
        fillSide(market, Side.BUY, trade, now, filled);
        fillSide(market, Side.SELL, trade, now, filled);
        for (Order order : filled) {
            if (!order.isOpen()) {
                market.book.remove(order);
            }
        }
    }

    private void fillSide(MarketState market, Side side, Trade trade, long now, List<Order> filled) {
        BigDecimal budget = trade.amount();
        BigDecimal atTouch = trade.amount().multiply(model.touchShare())
                .setScale(market.spec.amountScale(), RoundingMode.DOWN);
        for (Order order : market.book.orders(side)) {
            int through = side == Side.BUY ? order.price().compareTo(trade.price())
                    : trade.price().compareTo(order.price());
            if (through < 0 || budget.signum() <= 0) {
                // Best first: once an order is not reached, no worse one is.
                return;
            }
            if (order.marketTime() > trade.epochMillis()) {
                // Dated, by the market's clock, before the order was placed (a feed catching up after a gap): the
                // trade may have happened while the order did not exist yet.
                continue;
            }
            BigDecimal limit = through > 0 ? budget : budget.min(atTouch);
            BigDecimal qty = order.remaining().min(limit);
            if (qty.signum() <= 0) {
                return;
            }
            settlement.one(order, qty, order.price(), true, now);
            budget = budget.subtract(qty);
            if (through == 0) {
                atTouch = atTouch.subtract(qty);
            }
            filled.add(order);
        }
    }
}
