package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;

/**
 * A request to place one order, already parsed from text.
 *
 * @param customerOrderId null when not given
 * @param acctType        0 spot, 1 margin
 */
public record OrderCommand(String market, Side side, BigDecimal price, BigDecimal amount, int acctType,
                           String customerOrderId, OrderType type) {

    public static OrderCommand limit(String market, Side side, BigDecimal price, BigDecimal amount) {
        return new OrderCommand(market, side, price, amount, 0, null, OrderType.LIMIT);
    }
}
