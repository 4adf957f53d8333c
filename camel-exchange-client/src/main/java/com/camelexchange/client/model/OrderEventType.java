package com.camelexchange.client.model;

/** What happened to an order, as reported by the {@code exchange:orders} consumer. */
public enum OrderEventType {
    /** First seen: placed (by any program on the account), or open when the consumer first started. */
    NEW,
    /** Part of the order traded; the order is still open, or a CANCELLED event follows. */
    PARTIALLY_FILLED,
    /** The rest of the order traded; the order is closed. */
    FILLED,
    /** The order was cancelled (by a cancel, or by an IOC/PostOnly rule); what it traded before was reported. */
    CANCELLED
}
