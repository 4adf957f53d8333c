package com.camelexchange.client.model;

import java.util.Objects;

/**
 * One new withdrawal record or one status change, emitted once by the {@code exchange:withdrawals} consumer.
 *
 * @param type              what happened
 * @param record            the record as the exchange lists it now
 * @param previousStatus    the status reported before a STATUS_CHANGED; null for NEW
 * @param previousRawStatus that status's value as sent (kept for values the model does not know); null for NEW
 */
public record WithdrawalEvent(WithdrawalEventType type, WithdrawRecord record, WithdrawStatus previousStatus,
                              Integer previousRawStatus) {

    public WithdrawalEvent {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(record, "record");
    }
}
