package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;

import java.math.BigDecimal;

/**
 * An order to place: the body a route sends to {@code exchange:order}. Fields left null fall back to the
 * endpoint's options; headers override both.
 *
 * @param acctType        0 spot (default), 1 margin
 * @param customerOrderId 4-36 letters or digits (variant A); generated when absent
 * @param orderType       null or LIMIT for a plain limit order (variant A: POST_ONLY, IOC)
 */
public record OrderRequest(String market, OrderSide side, @JsonDecimal BigDecimal price, @JsonDecimal BigDecimal amount,
                           Integer acctType, String customerOrderId, OrderType orderType) {

    public static OrderRequest limit(String market, OrderSide side, String price, String amount) {
        return new OrderRequest(market, side, new BigDecimal(price), new BigDecimal(amount), null, null, null);
    }

    public OrderRequest withCustomerOrderId(String id) {
        return new OrderRequest(market, side, price, amount, acctType, id, orderType);
    }

    public OrderRequest withOrderType(OrderType type) {
        return new OrderRequest(market, side, price, amount, acctType, customerOrderId, type);
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
