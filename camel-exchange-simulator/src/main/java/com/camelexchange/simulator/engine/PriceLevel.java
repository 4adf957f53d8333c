package com.camelexchange.simulator.engine;

import java.math.BigDecimal;

/** One row of a depth reply: a price and the total amount resting at it. */
public record PriceLevel(BigDecimal price, BigDecimal amount) {
}
