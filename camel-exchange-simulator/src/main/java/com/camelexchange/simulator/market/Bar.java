package com.camelexchange.simulator.market;

import java.math.BigDecimal;

/**
 * An immutable K-line candle: {@code [openTime ms, open, high, low, close, volume]} on the wire.
 *
 * @param turnover the quote-coin value traded (sum of price x amount), for the 24h ticker of the stream
 */
public record Bar(long openTime, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close,
                  BigDecimal volume, BigDecimal turnover) {
}
