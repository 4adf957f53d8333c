package com.camelexchange.component.model;

import java.math.BigDecimal;

/** One order of a batch ({@code orderMoreV2}): a price and an amount. */
public record PriceAmount(BigDecimal price, BigDecimal amount) {
}
