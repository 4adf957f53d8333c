package com.camelexchange.component.model;

import com.camelexchange.component.model.json.JsonDecimal;

import java.math.BigDecimal;

/** One order of a batch ({@code orderMoreV2}): a price and an amount. */
public record PriceAmount(@JsonDecimal BigDecimal price, @JsonDecimal BigDecimal amount) {
}
