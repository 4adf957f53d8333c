package com.camelexchange.simulator.engine;

import java.math.BigDecimal;

/**
 * A ticker as served: 24h high/low/volume, best bid and ask, last price, at {@code epochMillis}; the
 * stream's ticker adds the 24h open (first price of the window) and turnover (quote-coin volume).
 */
public record TickerSnapshot(BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell, BigDecimal last,
                             BigDecimal vol, long epochMillis, BigDecimal open, BigDecimal turnover) {
}
