package com.camelexchange.examples.javapaper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The example's strategy, small on purpose: on every {@code every}-th book it cancels its orders that have rested
 * longer than {@code staleAfter} of market time, then joins the best bid or the best ask with a small limit
 * order, buy and sell in turn, as long as fewer than {@code mostOpen} stay open. Nothing here knows it runs in a
 * backtest. Its counter is plain state: in a backtest the route (or a plain program's listener) runs on the
 * backtest's one thread.
 */
public final class TouchQuoter {
    public static final BigDecimal AMOUNT = new BigDecimal("0.0010");

    private final int every;
    private final Duration staleAfter;
    private final int mostOpen;
    private long books;
    private long refused;
    private OrderSide next = OrderSide.BUY;

    public TouchQuoter(int every, Duration staleAfter, int mostOpen) {
        this.every = every;
        this.staleAfter = staleAfter;
        this.mostOpen = mostOpen;
    }

    /** Counts a book; true on the books the strategy acts on. */
    public boolean actsOn(Depth book) {
        books++;
        return books % every == 0 && book.bestBid() != null && book.bestAsk() != null;
    }

    /** The open orders placed more than {@code staleAfter} before the book's time. */
    public List<Order> stale(List<Order> open, Depth book) {
        Instant oldest = book.timestamp().minus(staleAfter);
        return open.stream().filter(o -> o.tradeDate() != null && o.tradeDate().isBefore(oldest)).toList();
    }

    /** The next order, at the touch; none when {@code mostOpen} orders stay open after the cancels. */
    public List<OrderRequest> quote(List<Order> open, List<Order> cancelled, Depth book) {
        if (open.size() - cancelled.size() >= mostOpen) {
            return List.of();
        }
        OrderSide side = next;
        next = side == OrderSide.BUY ? OrderSide.SELL : OrderSide.BUY;
        BigDecimal price = side == OrderSide.BUY ? book.bestBid().price() : book.bestAsk().price();
        return List.of(OrderRequest.limit(book.market(), side, price.toPlainString(), AMOUNT.toPlainString()));
    }

    /** An order the paper exchange refused (not enough of a coin, after a run of fills on one side). */
    public void refused() {
        refused++;
    }

    public long books() {
        return books;
    }

    public long refusedOrders() {
        return refused;
    }
}
