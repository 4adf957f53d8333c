package com.camelexchange.simulator.engine;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

/** The trading fees the exchange has kept, per coin. Guarded by the exchange lock. */
final class FeeLedger {
    private final Map<String, BigDecimal> collected = new HashMap<>();

    void add(String coin, BigDecimal fee) {
        if (fee.signum() > 0) {
            collected.merge(coin, fee, BigDecimal::add);
        }
    }

    BigDecimal total(String coin) {
        return collected.getOrDefault(coin, BigDecimal.ZERO);
    }
}
