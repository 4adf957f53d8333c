package com.camelexchange.simulator.account;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The fee the simulated exchange keeps on a withdrawal: 0.1% of the amount, cut to the coin's
 * decimals (at most 8), the same rule for seeded history and for withdrawals requested by tests.
 */
public final class WithdrawalFee {
    private WithdrawalFee() {
    }

    public static BigDecimal of(Coin coin, BigDecimal amount) {
        return amount.movePointLeft(3).setScale(scale(coin), RoundingMode.DOWN);
    }

    /** The number of decimals withdrawal amounts and fees of this coin show. */
    public static int scale(Coin coin) {
        return Math.min(coin.unitDecimal(), 8);
    }
}
