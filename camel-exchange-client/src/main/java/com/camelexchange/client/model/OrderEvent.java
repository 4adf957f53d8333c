package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * One state change of an order, emitted once by the {@code exchange:orders} consumer. Traded amounts are
 * carried only by PARTIALLY_FILLED and FILLED events, so the sum of {@code tradedSinceLast} over an order's
 * events is its traded amount: NEW and CANCELLED carry zero.
 *
 * @param type            what happened
 * @param order           the order as last seen at the exchange (it may be ahead of this event: a NEW event
 *                        for an order that already traded is followed by its fill events)
 * @param tradedSinceLast the amount traded since the order's previous event; zero for NEW and CANCELLED
 * @param tradedTotal     the amount traded that the order's events up to and including this one reported
 * @param detectedAt      when the consumer saw the change (the exchange gives no time for fills or cancels)
 */
public record OrderEvent(OrderEventType type, Order order, @JsonDecimal BigDecimal tradedSinceLast,
                         @JsonDecimal BigDecimal tradedTotal, @JsonTime Instant detectedAt) {

    public OrderEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(tradedSinceLast, "tradedSinceLast");
        Objects.requireNonNull(tradedTotal, "tradedTotal");
        Objects.requireNonNull(detectedAt, "detectedAt");
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
