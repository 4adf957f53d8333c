package com.camelexchange.client.model;

/** What happened to a withdrawal, as reported by the {@code exchange:withdrawals} consumer. */
public enum WithdrawalEventType {
    /** A record first seen: requested since the consumer started, or still pending when it first started. */
    NEW,
    /** The status of a record reported earlier changed. */
    STATUS_CHANGED
}
