package com.camelexchange.simulator.account;

import java.math.BigDecimal;

/**
 * One withdrawal of a user.
 *
 * @param status 0 submitted, 1 failed, 2 success, 3 cancelled, 5 confirmed
 * @param manageTime epoch milliseconds when it was processed, 0 while it is only submitted
 */
public record WithdrawalRecord(long id, String coin, BigDecimal amount, BigDecimal fees, long submitTime,
                               long manageTime, int status, String toAddress) {
    public static final int SUBMITTED = 0;

    /** The same withdrawal after the exchange processed it. */
    public WithdrawalRecord settled(int newStatus, long at) {
        return new WithdrawalRecord(id, coin, amount, fees, submitTime, at, newStatus, toAddress);
    }
}
