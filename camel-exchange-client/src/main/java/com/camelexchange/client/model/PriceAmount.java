package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;

import java.math.BigDecimal;

/** One order of a batch ({@code orderMoreV2}): a price and an amount. */
public record PriceAmount(@JsonDecimal BigDecimal price, @JsonDecimal BigDecimal amount) {
    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
