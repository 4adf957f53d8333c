package com.camelexchange.component.model;

import java.math.BigDecimal;

/** One level of a book: a price and the amount offered at it. */
public record PriceLevel(BigDecimal price, BigDecimal amount) {
}
