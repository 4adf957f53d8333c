package com.camelexchange.simulator.engine;

import java.math.BigDecimal;

/** A ticker as served: 24h high/low/volume, best bid and ask, last price, at {@code epochMillis}. */
public record TickerSnapshot(BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell, BigDecimal last,
                             BigDecimal vol, long epochMillis) {
}
