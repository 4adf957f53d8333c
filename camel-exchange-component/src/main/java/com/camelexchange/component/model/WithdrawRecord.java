package com.camelexchange.component.model;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One withdrawal.
 *
 * @param manageTime when it was processed; null while it is not (sent as 0)
 */
public record WithdrawRecord(long id, BigDecimal amount, BigDecimal fees, Instant submitTime, Instant manageTime,
                             int rawStatus, WithdrawStatus status, String toAddress) {
}
