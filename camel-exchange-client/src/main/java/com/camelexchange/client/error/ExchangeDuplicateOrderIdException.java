package com.camelexchange.client.error;

import com.camelexchange.client.model.Order;

/**
 * The exchange refused an order because its {@code customerOrderId} already names another order of the
 * account (code 3012), and that order is not this request: another market, side, price or amount. The
 * order was not placed. Not retryable: sending it again with the same id is refused again.
 */
public class ExchangeDuplicateOrderIdException extends ExchangeErrorReplyException {
    private final String customerOrderId;
    private final Order existing;

    public ExchangeDuplicateOrderIdException(String customerOrderId, Order existing, String exchangeMessage) {
        super("order refused: customerOrderId " + customerOrderId + " already names order " + existing.id() + " ("
              + existing.currency() + " " + existing.side() + " " + existing.totalAmount() + " at " + existing.price()
              + "), which is not this order; give each order its own customerOrderId", exchangeMessage, 3012);
        this.customerOrderId = customerOrderId;
        this.existing = existing;
    }

    /** The id that was already taken. */
    public String customerOrderId() {
        return customerOrderId;
    }

    /** The order that already has the id. */
    public Order existing() {
        return existing;
    }
}
