package com.camelexchange.simulator.market;

import java.math.BigDecimal;

/** An immutable K-line candle: {@code [openTime ms, open, high, low, close, volume]} on the wire. */
public record Bar(long openTime, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close,
                  BigDecimal volume) {
}
