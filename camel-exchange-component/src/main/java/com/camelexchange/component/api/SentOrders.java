package com.camelexchange.component.api;

import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.PriceAmount;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a write whose outcome is unknown sent, as the exchange received it (prices and amounts fitted to the
 * market), and when: enough to look its orders up without sending it again. Carried by
 * {@link ExchangeOrderStateUnknownException#sent()}; holds no key.
 *
 * @param operation {@code order} or {@code orderMoreV2}
 * @param market    the market the orders were placed in
 * @param side      the side of every order
 * @param pairs     one price and amount per order, in the order sent
 * @param sentAt    this process's clock just before the request left
 */
public record SentOrders(String operation, String market, OrderSide side, List<PriceAmount> pairs, Instant sentAt) {

    public SentOrders {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(market, "market");
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(sentAt, "sentAt");
        pairs = List.copyOf(pairs);
    }

    @Override
    public String toString() {
        return operation + " " + side + " " + pairs.size() + " order(s) in " + market + " sent at " + sentAt;
    }
}
