package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order as the exchange reports it.
 *
 * @param currency    as sent: the market in variant A, the trade coin in variant B
 * @param rawStatus   the status value as sent; {@link #status()} is its meaning
 * @param tradeMoney  traded value in the pricing coin
 * @param tradePrice  average traded price; sent by variant B only, null otherwise
 * @param tradeDate   when the order was placed (sent in milliseconds)
 */
public record Order(String id, String currency, OrderSide side, @JsonDecimal BigDecimal price,
                    @JsonDecimal BigDecimal totalAmount, @JsonDecimal BigDecimal tradeAmount,
                    @JsonDecimal BigDecimal tradeMoney, @JsonDecimal BigDecimal tradePrice, @JsonTime Instant tradeDate,
                    int rawStatus, OrderStatus status) {

    /** What is left to trade. */
    public BigDecimal remainingAmount() {
        return totalAmount.subtract(tradeAmount);
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
