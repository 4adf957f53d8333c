package com.camelexchange.examples.javapaper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;

import java.util.List;

/**
 * One turn of the {@link TouchQuoter} with the client's calls, the same calls in the same order as the Camel
 * example's route: on a book it acts on, read the open orders (a page of 10), cancel the stale ones, place the
 * next order; an order the paper exchange refuses (not enough of a coin) is counted, not retried.
 */
public final class QuoterTurn {
    /** The open orders read per turn, as the route's {@code pageSize=10}. */
    static final int OPEN_ORDERS_READ = 10;

    private final TouchQuoter quoter;
    private final ExchangeClient client;

    public QuoterTurn(TouchQuoter quoter, ExchangeClient client) {
        this.quoter = quoter;
        this.client = client;
    }

    /**
     * Takes a book: most are only counted; on every n-th the quoter trades.
     *
     * @return whether it traded on this one
     */
    public boolean on(Depth book) {
        if (!quoter.actsOn(book)) {
            return false;
        }
        List<Order> open = client.call(new GetUnfinishedOrders(book.market(), 1, OPEN_ORDERS_READ));
        List<Order> stale = quoter.stale(open, book);
        for (Order order : stale) {
            client.cancelOrder(book.market(), order.id());
        }
        for (OrderRequest order : quoter.quote(open, stale, book)) {
            try {
                client.placeOrder(order);
            } catch (ExchangeErrorReplyException refused) {
                quoter.refused();
            }
        }
        return true;
    }
}
