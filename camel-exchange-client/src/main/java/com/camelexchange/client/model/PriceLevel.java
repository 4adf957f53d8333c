package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;

import java.math.BigDecimal;

/** One level of a book: a price and the amount offered at it. */
public record PriceLevel(@JsonDecimal BigDecimal price, @JsonDecimal BigDecimal amount) {
    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
