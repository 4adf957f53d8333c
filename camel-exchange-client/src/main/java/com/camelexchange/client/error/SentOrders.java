package com.camelexchange.client.error;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PriceAmount;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a write whose outcome is unknown sent, as the exchange received it (prices and amounts fitted to the
 * market), and where among the account's orders its own must be: enough to look them up without sending it again.
 * Carried by {@link ExchangeOrderStateUnknownException#sent()}; holds no key.
 *
 * <p>A variant A order is found by the {@code customerOrderId} it was sent with: the order with that id is the
 * write's when it has the same market, side, price and amount. It has no {@code newestBefore}.
 *
 * <p>A write without such an id (a variant B order, a batch) is found by what its orders are. Order numbers only
 * grow, so the write's orders, if it placed any, have numbers above {@code newestBefore}: the newest order of that
 * side read just before sending, or a number of the account's this JVM learned from an earlier reply, at least
 * every order placed before but the write's own (5 seconds old at most; after a write whose outcome stayed unknown
 * the newest order is read again). {@code lookedUpTo} is the newest order number the write's first look-up saw: an
 * order above it came later and is not the write's. Until a first look-up read that far ({@code lookedUpTo} null),
 * an alike order placed since by anyone cannot be told from the write's own.
 *
 * @param operation       {@code order} or {@code orderMoreV2}
 * @param market          the market the orders were placed in
 * @param side            the side of every order
 * @param pairs           one price and amount per order, in the order sent
 * @param sentAt          this process's clock just before the request left
 * @param newestBefore    a number at least the account's newest order of that side in the market before sending
 *                        (read, or learned from an earlier reply); "0" when it had none; null for an order sent
 *                        with a {@code customerOrderId}
 * @param lookedUpTo      the number of the newest order the first look-up saw; null when it read none, and for an
 *                        order sent with a {@code customerOrderId}
 * @param customerOrderId the id a variant A order was sent with, which finds it; null for a write found by what its
 *                        orders are
 */
public record SentOrders(String operation, String market, OrderSide side, List<PriceAmount> pairs, Instant sentAt,
                         String newestBefore, String lookedUpTo, String customerOrderId) {

    public SentOrders {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(market, "market");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(sentAt, "sentAt");
        pairs = List.copyOf(pairs);
        if (customerOrderId == null) {
            Objects.requireNonNull(newestBefore, "newestBefore");
        } else if (pairs.size() != 1 || newestBefore != null || lookedUpTo != null) {
            throw new IllegalArgumentException("an order sent with a customerOrderId is one order, found by that id");
        }
    }

    /** A write found by what its orders are (a variant B order, a batch). */
    public SentOrders(String operation, String market, OrderSide side, List<PriceAmount> pairs, Instant sentAt,
                      String newestBefore, String lookedUpTo) {
        this(operation, market, side, pairs, sentAt, newestBefore, lookedUpTo, null);
    }

    /** A variant A order, found by the {@code customerOrderId} it was sent with. */
    public static SentOrders order(String market, OrderSide side, PriceAmount pair, Instant sentAt,
                                   String customerOrderId) {
        Objects.requireNonNull(customerOrderId, "customerOrderId");
        return new SentOrders("order", market, side, List.of(pair), sentAt, null, null, customerOrderId);
    }

    /** The same write, its orders bounded by what its first look-up saw. */
    public SentOrders lookedUpTo(String newestSeen) {
        return new SentOrders(operation, market, side, pairs, sentAt, newestBefore, newestSeen, customerOrderId);
    }

    /** Where the write's orders are to be looked for, in words. */
    public String window() {
        if (customerOrderId != null) {
            return "the order with customerOrderId " + customerOrderId + " in " + market;
        }
        return "the account's orders in " + market + " numbered above " + newestBefore
               + (lookedUpTo == null ? "" : " and at most " + lookedUpTo);
    }

    @Override
    public String toString() {
        return operation + " " + side + " " + pairs.size() + " order(s) in " + market + " sent at " + sentAt
               + (customerOrderId != null ? ", customerOrderId " + customerOrderId : ", after order " + newestBefore);
    }
}
