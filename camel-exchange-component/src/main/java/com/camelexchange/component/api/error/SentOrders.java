package com.camelexchange.component.api.error;

import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.PriceAmount;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a write whose outcome is unknown sent, as the exchange received it (prices and amounts fitted to the
 * market), and where among the account's orders its own must be: enough to look them up without sending it again.
 * Carried by {@link ExchangeOrderStateUnknownException#sent()}; holds no key.
 *
 * <p>Order numbers only grow, so the write's orders, if it placed any, have numbers above {@code newestBefore}, the
 * newest order of that side read just before sending. {@code lookedUpTo} is the newest order number the write's
 * first look-up saw: an order above it came later and is not the write's. Until a first look-up read that far
 * ({@code lookedUpTo} null), an alike order placed since by anyone cannot be told from the write's own.
 *
 * @param operation    {@code order} or {@code orderMoreV2}
 * @param market       the market the orders were placed in
 * @param side         the side of every order
 * @param pairs        one price and amount per order, in the order sent
 * @param sentAt       this process's clock just before the request left
 * @param newestBefore the number of the account's newest order of that side in the market before sending; "0" when
 *                     it had none
 * @param lookedUpTo   the number of the newest order the first look-up saw; null when it read none
 */
public record SentOrders(String operation, String market, OrderSide side, List<PriceAmount> pairs, Instant sentAt,
                         String newestBefore, String lookedUpTo) {

    public SentOrders {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(market, "market");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(sentAt, "sentAt");
        Objects.requireNonNull(newestBefore, "newestBefore");
        pairs = List.copyOf(pairs);
    }

    /** The same write, its orders bounded by what its first look-up saw. */
    public SentOrders lookedUpTo(String newestSeen) {
        return new SentOrders(operation, market, side, pairs, sentAt, newestBefore, newestSeen);
    }

    /** Where the write's orders are to be looked for, in words. */
    public String window() {
        return "the account's orders in " + market + " numbered above " + newestBefore
               + (lookedUpTo == null ? "" : " and at most " + lookedUpTo);
    }

    @Override
    public String toString() {
        return operation + " " + side + " " + pairs.size() + " order(s) in " + market + " sent at " + sentAt
               + ", after order " + newestBefore;
    }
}
