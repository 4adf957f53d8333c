package com.camelexchange.simulator.account;

import java.math.BigDecimal;

/** Available and frozen funds of one coin. Guarded by the exchange lock. */
public final class Balance {
    private BigDecimal available = BigDecimal.ZERO;
    private BigDecimal frozen = BigDecimal.ZERO;

    public BigDecimal available() {
        return available;
    }

    public BigDecimal frozen() {
        return frozen;
    }

    void deposit(BigDecimal amount) {
        available = available.add(amount);
    }

    void freeze(BigDecimal amount) {
        available = available.subtract(amount);
        frozen = frozen.add(amount);
    }

    void release(BigDecimal amount) {
        frozen = frozen.subtract(amount);
        available = available.add(amount);
    }

    void restore(BigDecimal restoredAvailable, BigDecimal restoredFrozen) {
        available = restoredAvailable;
        frozen = restoredFrozen;
    }

    void spendFrozen(BigDecimal amount) {
        frozen = frozen.subtract(amount);
    }
}
