package com.camelexchange.component.model;

import com.camelexchange.component.model.json.JsonDecimal;

import java.math.BigDecimal;

/** One level of a book: a price and the amount offered at it. */
public record PriceLevel(@JsonDecimal BigDecimal price, @JsonDecimal BigDecimal amount) {
}
