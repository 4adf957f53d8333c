package com.camelexchange.client;

import com.camelexchange.client.internal.http.CallDeadline;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeDuplicateOrderIdException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;

import java.util.List;

/**
 * Finds out what a write did when its reply was lost or the exchange's refusal leaves it open, by reading the
 * account's orders, never by sending the write again: an order by its {@code customerOrderId}, orders without one
 * by what they are ({@link SentOrdersLookup}), a cancel by the order's status. A redelivery of a write whose
 * outcome stayed unknown looks the same way, in a call of its own. The look-ups of a write share its
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

    /**
     * Looks a variant A order up by the customerOrderId it was sent with, never sending it: found, and it is this
     * order, it counts as placed; another order with the id is an {@link ExchangeDuplicateOrderIdException}.
     *
     * <p>Not found (3001) means two things. Right after the write's own failure ({@code failure} given) the
     * order was not placed, and that failure is thrown: the producer may send the order again, with the same id.
     * On a redelivery that only looks ({@code failure} null), an earlier attempt already ended with the outcome
     * unknown and the message said the order is not sent again on that Camel exchange; the outcome stays unknown.
     * "Not found" there is no proof that nothing was placed: the order may have reached the exchange, which can
     * still accept it after the look-up, and the exchange's API reference does not promise that a second order
     * with the same id is refused (a duplicated id may be accepted, and then the id finds only the latest order).
     * An order sent again could be placed twice; an order's state is never guessed.
     *
     * @param failure  what went wrong with the write (a lost reply, a reply that proves nothing, a 3012); null when
     *                 a redelivery only looks again
     * @param deadline the write's own when it is its first look-up, a new one for a redelivery's
     */
    PlacedOrder recoverOrder(SentOrders sent, ExchangeClientException failure, CallDeadline deadline) {
        String cid = sent.customerOrderId();
        String failed = failure == null ? "its look-up by customerOrderId failed (" : "its look-up failed too (";
        Order found;
        try {
            found = trading.getOrder(sent.market(), null, cid, deadline);
        } catch (ExchangeErrorReplyException e) {
            if (e.code() != TradingClient.ORDER_NOT_FOUND) {
                throw unknown(sent, failure, failed + e.getMessage() + ")");
            }
            if (failure != null) {
                throw failure;
            }
            throw unknown(sent, null, "the exchange shows no order with customerOrderId " + cid + ", which does not"
                    + " prove that none was placed (an order that reached the exchange may still be accepted)");
        } catch (ExchangeClientException e) {
            throw unknown(sent, failure, failed + e.getMessage() + ")");
        } catch (RuntimeException stopped) {
            throw unknown(sent, failure, failed + couldNotLook(stopped) + ")");
        }
        if (!isThisOrder(found, sent)) {
            throw new ExchangeDuplicateOrderIdException(cid, found,
                    failure instanceof ExchangeErrorReplyException e ? e.exchangeMessage() : "");
        }
        return new PlacedOrder(found.id(), cid, true);
    }

    /** Whether an order found by customerOrderId is the one sent, not an earlier one with the same id. */
    private static boolean isThisOrder(Order found, SentOrders sent) {
        PriceAmount pair = sent.pairs().get(0);
        return sent.market().equals(found.currency()) && found.side() == sent.side()
               && found.price().compareTo(pair.price()) == 0
               && found.totalAmount().compareTo(pair.amount()) == 0;
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
        SentOrdersLookup.Result result;
        try {
            result = SentOrdersLookup.find(sent,
                    page -> trading.getOrdersIgnoreTradeType(sent.market(), page, pageSize, deadline), pageSize,
                    failure != null);
        } catch (RuntimeException stopped) {
            throw unknown(sent, failure, "its look-up failed (" + couldNotLook(stopped) + ")");
        }
        if (!result.found()) {
            throw unknown(sent.lookedUpTo() == null ? sent.lookedUpTo(result.lookedUpTo()) : sent, failure,
                    result.whatIsKnown());
        }
        return result.ids();
    }

    /**
     * What stopped a look-up that is no failure of the exchange's: the client closed under it (its pool, its
     * threads), the thread interrupted, a bug. The write's outcome is no better known for it, so it ends unknown like
     * any failed look-up, never as that exception, which would read as if the write had not been sent.
     */
    private static String couldNotLook(RuntimeException stopped) {
        String message = stopped.getMessage();
        return stopped.getClass().getSimpleName() + (message == null ? "" : ": " + Echo.cut(message, 200));
    }

    /**
     * The outcome of a write that could not be established, saying how to find its orders by hand. The same text for
     * every write: it is not sent again on this Camel exchange, whose redelivery only looks ({@code UnknownWrites}).
     */
    private static ExchangeOrderStateUnknownException unknown(SentOrders sent, ExchangeClientException failure,
                                                              String whatIsKnown) {
        String what = failure == null ? sent.operation() + " outcome still unknown after looking again"
                : sent.operation() + " outcome unknown (" + failure.getMessage() + ")";
        String check = sent.customerOrderId() != null
                ? "look it up with getOrder and header CamelExchangeCustomerOrderId=" + sent.customerOrderId()
                : "check " + sent.window() + " (getOrdersIgnoreTradeType)";
        return new ExchangeOrderStateUnknownException(what + ": " + whatIsKnown + ". It is not sent again on this"
                + " Camel exchange (a redelivery looks again); before placing it on a new one, " + check, failure, sent);
    }

    /**
     * Whether the order is cancelled: a cancel whose reply was lost or proves nothing, or that was refused with
     * 3001, then counts as done.
     */
    boolean alreadyCancelled(String market, Long id, String customerOrderId, CallDeadline deadline) {
        try {
            return trading.getOrder(market, id, customerOrderId, deadline).status() == OrderStatus.CANCELLED;
        } catch (RuntimeException e) {
            // Any failure, the client closing under it too: not known to be cancelled, so the cancel's own failure
            // is thrown (a cancel sent again cannot cancel twice).
            return false;
        }
    }
}
