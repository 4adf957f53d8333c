package com.camelexchange.component.api;

import com.camelexchange.component.api.error.ExchangeClientException;
import com.camelexchange.component.api.error.ExchangeDuplicateOrderIdException;
import com.camelexchange.component.api.error.ExchangeErrorReplyException;
import com.camelexchange.component.api.error.ExchangeOrderStateUnknownException;
import com.camelexchange.component.api.error.SentOrders;
import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.OrderStatus;
import com.camelexchange.component.model.PlacedOrder;

import java.util.List;

/**
 * Finds out what a write did when its reply was lost or the exchange's refusal leaves it open, by reading the
 * account's orders, never by sending the write again: an order by its {@code customerOrderId}, orders without one
 * by what they are ({@link SentOrdersLookup}), a cancel by the order's status. The look-ups of a write share its
 * {@link CallDeadline}: the whole write, look-ups included, ends within one {@code callTimeout}. What they cannot
 * establish in that time ends in {@link ExchangeOrderStateUnknownException}.
 */
final class WriteOutcomeLookup {
    private final TradingClient trading;
    private final boolean variantA;

    /** @param trading the client whose signed reads look */
    WriteOutcomeLookup(TradingClient trading, boolean variantA) {
        this.trading = trading;
        this.variantA = variantA;
    }

    /** Looks the order up by its customerOrderId after a lost reply, a reply that proves nothing, or a 3012. */
    PlacedOrder recoverOrder(OrderRequest request, ExchangeClientException cause, CallDeadline deadline) {
        String cid = request.customerOrderId();
        Order found;
        try {
            found = trading.getOrder(request.market(), null, cid, deadline);
        } catch (ExchangeErrorReplyException e) {
            if (e.code() == TradingClient.ORDER_NOT_FOUND) {
                throw cause;
            }
            throw unknownById(cid, cause, e);
        } catch (ExchangeClientException e) {
            throw unknownById(cid, cause, e);
        }
        if (!isThisOrder(found, request)) {
            throw new ExchangeDuplicateOrderIdException(cid, found,
                    cause instanceof ExchangeErrorReplyException e ? e.exchangeMessage() : "");
        }
        return new PlacedOrder(found.id(), cid, true);
    }

    private static ExchangeOrderStateUnknownException unknownById(String cid, ExchangeClientException cause,
                                                                  ExchangeClientException lookUp) {
        return new ExchangeOrderStateUnknownException("order", "its look-up failed too (" + lookUp.getMessage()
                + "); look it up with getOrder and header CamelExchangeCustomerOrderId=" + cid, cause);
    }

    /** Whether an order found by customerOrderId is the one requested, not an earlier one with the same id. */
    private static boolean isThisOrder(Order found, OrderRequest request) {
        return request.market().equals(found.currency()) && found.side() == request.side()
               && found.price().compareTo(request.price()) == 0
               && found.totalAmount().compareTo(request.amount()) == 0;
    }

    /**
     * The ids of the orders a write sent, found by what they are, in the order sent; never sends the write.
     *
     * @param failure  what happened to the write; null when a redelivery only looks again
     * @param deadline the write's own when it is its first look-up, a new one for a redelivery's
     * @throws ExchangeOrderStateUnknownException when they cannot all be found for sure
     */
    List<String> findSent(SentOrders sent, ExchangeClientException failure, CallDeadline deadline) {
        int pageSize = variantA ? 10 : 100;
        SentOrdersLookup.Result result = SentOrdersLookup.find(sent,
                page -> trading.getOrdersIgnoreTradeType(sent.market(), page, pageSize, deadline), pageSize,
                failure != null);
        if (!result.found()) {
            throw unknown(sent.lookedUpTo() == null ? sent.lookedUpTo(result.lookedUpTo()) : sent, failure,
                    result.whatIsKnown());
        }
        return result.ids();
    }

    private static ExchangeOrderStateUnknownException unknown(SentOrders sent, ExchangeClientException failure,
                                                              String whatIsKnown) {
        String what = failure == null ? sent.operation() + " outcome still unknown after looking again"
                : sent.operation() + " outcome unknown (" + failure.getMessage() + ")";
        return new ExchangeOrderStateUnknownException(what + ": " + whatIsKnown + ". It is not sent again on this"
                + " Camel exchange (a redelivery looks again); before placing it on a new one, check "
                + sent.window() + " (getOrdersIgnoreTradeType)", failure, sent);
    }

    /**
     * Whether the order is cancelled: a cancel whose reply was lost or proves nothing, or that was refused with
     * 3001, then counts as done.
     */
    boolean alreadyCancelled(String market, Long id, String customerOrderId, CallDeadline deadline) {
        try {
            return trading.getOrder(market, id, customerOrderId, deadline).status() == OrderStatus.CANCELLED;
        } catch (ExchangeClientException e) {
            return false;
        }
    }
}
