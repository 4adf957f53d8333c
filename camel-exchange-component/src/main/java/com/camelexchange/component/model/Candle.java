package com.camelexchange.component.model;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One K-line candle, sent as {@code [open time in ms, open, high, low, close, volume]}.
 *
 * @param openTime the start of the candle's period (sent in milliseconds)
 */
public record Candle(Instant openTime, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close,
                     BigDecimal volume) {
}
