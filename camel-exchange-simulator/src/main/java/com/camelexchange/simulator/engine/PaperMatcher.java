package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills paper orders against an external market, which is their only counterparty: paper orders never
 * trade with each other and never show in the market data. The rules:
 * <ul>
 * <li>An order reaches the book, and a cancel takes effect, {@link FillModel#latency()} after it was sent, by the
 *     market's clock: until then the order is open without fills ({@link InFlight}). It reaches the book once the
 *     market is known to be past that moment, by the date of the next trade, book or ticker fed (before that data
 *     is applied) or by the market's clock at the next call; so a taker meets the book as the market showed it
 *     when a real order would have arrived, never one that came later. A PostOnly order that would take then is
 *     cancelled. Without latency all of it happens at once, and a PostOnly order that would take is refused.</li>
 * <li>An incoming order that crosses the fed book takes its levels best first, each at the level's price
 *     and at most what is left of it in this snapshot, up to the order's limit; it pays the taker fee.</li>
 * <li>A resting order fills on an external trade through its price (a buy at P on a trade strictly below P, a sell
 *     on one strictly above), at its own price, for at most the trade's amount shared in price-time priority among
 *     the resting orders of that side; it pays the maker fee. A trade at exactly P fills it by the model's
 *     {@link FillModel.Kind}: not at all (trade-through), {@link FillModel#atTouch()} of its amount (touch), or
 *     what is left of the trade once it took the queue ahead of the order ({@link QueuePositions}; a trade whose
 *     taker was on the order's own side took the other side, and leaves that queue alone). Among paper orders at
 *     one price the earlier always fills first.</li>
 * <li>A trade dated before an order reached the book never fills it, nor moves its queue: a feed that catches up
 *     after a gap delivers trades late, and they may have happened while the order did not exist. Both times are
 *     the market's: the trade's date as the market gave it, the order's {@link Order#marketTime()} (as the
 *     {@link MarketClock} knew it at placement) plus the latency, so the rule holds however far this exchange's
 *     clock is from the market's.</li>
 * <li>No usable book (none yet, or older than {@link FillModel#staleBookAfter()}) takes nothing: a crossing
 *     order rests, and no trade means no fill.</li>
 * </ul>
 * On its own clock ({@link #ownClock()} not null: paper trading on a live market), "the market's time" above is this
 * exchange's clock: an order is dated by it, and the market's dates only confirm it (the feed refuses one more than
 * that lead after it), so no date of the market's, however many came, dates an order after the trades that should
 * fill it. Without one (a replay, a backtest), the market's clock as the {@link MarketClock} estimates it.
 * Everything depends only on what was fed and called, in that order: the same feed and calls give the same fills.
 * Guarded by the exchange lock.
 */
final class PaperMatcher {
    private final FillModel model;
    private final long latency;
    private final Settlement settlement;
    /** Null: orders are dated by the market's clock as estimated; else by this exchange's, led by no date. */
    private final Duration ownClock;
    private final MarketClock marketClock = new MarketClock();
    private final InFlight inFlight = new InFlight();
    private final QueuePositions queues = new QueuePositions();

    /** @param ownClock null to date orders by the market's clock; else how far after this one a date may be */
    PaperMatcher(FillModel model, Settlement settlement, Duration ownClock) {
        this.model = model;
        this.latency = model.latency().toMillis();
        this.settlement = settlement;
        this.ownClock = ownClock;
    }

    /**
     * How far after this exchange's clock the market's dates may be when orders are dated by this clock; null when
     * they are dated by the market's clock.
     */
    Duration ownClock() {
        return ownClock;
    }

    FillModel model() {
        return model;
    }

    /** A trade the market dated when it was made arrived now: what it says of the market's clock. */
    void traded(long marketMillis, long now) {
        if (ownClock == null) {
            marketClock.traded(marketMillis, now);
        }
    }

    /** A book or ticker the market dated when it served it arrived now: what it says of the market's clock. */
    void served(long marketMillis, long now) {
        if (ownClock == null) {
            marketClock.served(marketMillis, now);
        }
    }

    /** Dated data that disagreed with the market's clock as the rest of its data tell it (left out of it). */
    long clockDisagreements() {
        return marketClock.disagreements();
    }

    /**
     * The market's time when this exchange's clock reads {@code now}, as far as its data tells; {@code now} itself on
     * this exchange's own clock.
     */
    long marketTime(long now) {
        return ownClock != null ? now : marketClock.marketTime(now);
    }

    /**
     * Whether an order would take from the fed book at once (PostOnly is refused when it would). With latency
     * nothing happens at once: the order is judged when it reaches the book.
     */
    boolean wouldCross(MarketState market, Side side, BigDecimal price, long now) {
        return latency == 0 && crossesBook(market, side, price, now);
    }

    private boolean crossesBook(MarketState market, Side side, BigDecimal price, long now) {
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

    /** A new order: it reaches the book now, or after the latency. */
    void place(MarketState market, Order order, long now) {
        if (latency == 0) {
            arrive(market, order, now, false);
        } else {
            inFlight.order(order, arrival(order));
        }
    }

    /**
     * A cancel of an open order: it takes effect now (true), or after the latency (false), when the order is
     * still open then; until then the order stays open and may fill.
     */
    boolean cancel(MarketState market, Order order, long now) {
        if (latency == 0) {
            market.book.remove(order);
            settlement.cancel(order);
            return true;
        }
        inFlight.cancel(order, marketTime(now) + latency);
        return false;
    }

    /**
     * Lets what is on its way in a market reach the book, in order, up to (not including) {@code before} by the
     * market's clock. Called with the date of fed data before it is applied (no later than the market's clock,
     * so that one wrongly dated piece moves nothing early), and with the market's clock on every call.
     *
     * @return whether anything reached the book
     */
    boolean catchUp(MarketState market, long before, long now) {
        List<InFlight.Message> due = inFlight.dueBefore(market.spec.name(), Math.min(before, marketTime(now)));
        for (InFlight.Message message : due) {
            Order order = message.order();
            if (!order.isOpen()) {
                // Filled before its cancel arrived, or cancelled before it arrived: nothing left to do.
                continue;
            }
            if (message.cancel()) {
                // Off the book, or never on it: a cancel can overtake its order when the market's clock was read
                // lower after the order was sent; the order then never reaches the book.
                market.book.remove(order);
                settlement.cancel(order);
            } else {
                arrive(market, order, now, true);
            }
        }
        return !due.isEmpty();
    }

    /** Whether a cancel of the order was accepted and has not taken effect yet. */
    boolean cancelSent(Order order) {
        return inFlight.cancelSent(order);
    }

    /** When the order reaches the book by the market's clock. */
    private long arrival(Order order) {
        return order.marketTime() + latency;
    }

    /** The order reaches the book: it takes what it crosses, then rests or, IOC, is cancelled. */
    private void arrive(MarketState market, Order order, long now, boolean delayed) {
        if (delayed && order.type() == OrderType.POST_ONLY && crossesBook(market, order.side(), order.price(), now)) {
            settlement.cancel(order);
            return;
        }
        take(market, order, now);
        if (!order.isOpen()) {
            return;
        }
        if (order.type() == OrderType.IOC) {
            settlement.cancel(order);
            return;
        }
        market.book.rest(order);
        if (model.kind() == FillModel.Kind.QUEUE) {
            ExternalBook book = market.external.book;
            queues.join(order, book, book.usable(now, model.staleBookAfter()));
        }
    }

    /**
     * A new book was fed: where the resting orders stand in its queues. A side's levels tell nothing of a price beyond
     * their last one, so only the orders from the best price to that level are shown to it: a book fed every second
     * costs what rests near the market, not every order a strategy left behind.
     */
    void booked(MarketState market) {
        if (model.kind() == FillModel.Kind.QUEUE) {
            ExternalBook book = market.external.book;
            queues.forgetClosed();
            for (Side side : Side.values()) {
                List<PriceLevel> levels = book.levels(side);
                if (!levels.isEmpty()) {
                    queues.snapshot(market.book.bestFirstTo(side, levels.get(levels.size() - 1).price()), book,
                            market.spec.amountScale());
                }
            }
        }
    }

    /** An incoming order takes what it crosses of the fed book, best level first. */
    private void take(MarketState market, Order order, long now) {
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
     * An external trade: the resting orders it traded through fill, and those at its price as the model says.
     * Each side has the trade's amount to share: the seller of the trade would have sold to a paper bid above its
     * price, the buyer would have bought from a paper offer below it.
     */
    void tradeThrough(MarketState market, Trade trade, long now) {
        List<Order> filled = new ArrayList<>();
        for (Side side : Side.values()) {
            // Walked in place, best first, up to the first order the trade does not reach: the filled ones leave
            // the book only after both sides were walked.
            fillSide(market.book.bestFirst(side), side, trade, market.spec.amountScale(), now, filled);
            if (model.kind() == FillModel.Kind.QUEUE && takesFrom(trade, side)) {
                // Only the queue at the trade's price moves: the orders resting there that had reached the book.
                List<Order> there = new ArrayList<>();
                for (Order order : market.book.at(side, trade.price())) {
                    if (arrival(order) <= trade.epochMillis()) {
                        there.add(order);
                    }
                }
                queues.traded(there, trade);
            }
        }
        for (Order order : filled) {
            if (!order.isOpen()) {
                market.book.remove(order);
            }
        }
    }

    /**
     * Whether a trade at a price took from the resting orders of {@code side} there: a buy taker takes offers, a
     * sell taker bids; a trade without a taker side may have taken either.
     */
    private static boolean takesFrom(Trade trade, Side side) {
        return trade.takerSide() == null || trade.takerSide() != side;
    }

    private void fillSide(Iterable<Order> resting, Side side, Trade trade, int amountScale, long now,
                          List<Order> filled) {
        BigDecimal budget = trade.amount();
        BigDecimal atTouch = trade.amount().multiply(model.touchShare()).setScale(amountScale, RoundingMode.DOWN);
        for (Order order : resting) {
            int through = side == Side.BUY ? order.price().compareTo(trade.price())
                    : trade.price().compareTo(order.price());
            if (through < 0 || budget.signum() <= 0) {
                // Best first: once an order is not reached, no worse one is.
                return;
            }
            if (arrival(order) > trade.epochMillis()) {
                // Dated, by the market's clock, before the order reached the book (a feed catching up after a gap):
                // the trade may have happened while the order was not there yet.
                continue;
            }
            BigDecimal limit = through > 0 ? budget : budget.min(atTouch(trade, side, order, atTouch));
            BigDecimal qty = order.remaining().min(limit);
            if (qty.signum() > 0) {
                settlement.one(order, qty, order.price(), true, now);
                budget = budget.subtract(qty);
                if (through == 0) {
                    atTouch = atTouch.subtract(qty);
                }
                filled.add(order);
            }
            if (order.isOpen()) {
                // Price-time priority among paper orders: a later one never fills before this one is done.
                return;
            }
        }
    }

    /** What of a trade at exactly its price may reach a resting order, by the model. */
    private BigDecimal atTouch(Trade trade, Side side, Order order, BigDecimal touchLeft) {
        if (model.kind() != FillModel.Kind.QUEUE) {
            return touchLeft;
        }
        BigDecimal ahead = queues.ahead(order);
        if (ahead == null || !takesFrom(trade, side)) {
            return BigDecimal.ZERO;
        }
        return trade.amount().subtract(ahead).max(BigDecimal.ZERO);
    }
}
