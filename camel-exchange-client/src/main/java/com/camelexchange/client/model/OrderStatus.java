package com.camelexchange.client.model;

import java.math.BigDecimal;

/**
 * One meaning for the order status values of both variants:
 *
 * <pre>
 * value  variant A                                      variant B
 *   0    -                                              PENDING
 *   1    CANCELLED                                      CANCELLED
 *   2    FILLED, or CANCELLED after a partial fill      FILLED
 *   3    PENDING, or PARTIALLY_FILLED when traded part   PARTIALLY_FILLED
 * </pre>
 * Where variant A's value is ambiguous, the traded amount decides.
 */
public enum OrderStatus {
    /** Open, nothing traded yet. */
    PENDING(true),
    /** Open, part traded. */
    PARTIALLY_FILLED(true),
    /** Closed, all traded. */
    FILLED(false),
    /** Closed by a cancel (or an IOC/PostOnly rule); {@code tradeAmount} tells whether part was traded. */
    CANCELLED(false),
    /** A value neither variant documents; the raw value stays on the order. */
    UNKNOWN(false);

    private final boolean open;

    OrderStatus(boolean open) {
        this.open = open;
    }

    /** Whether the order may still trade or be cancelled. */
    public boolean isOpen() {
        return open;
    }

    /** The meaning of a raw status value in a variant, given the amounts of the order. */
    public static OrderStatus of(boolean variantA, int raw, BigDecimal totalAmount, BigDecimal tradeAmount) {
        boolean traded = tradeAmount != null && tradeAmount.signum() > 0;
        boolean complete = tradeAmount != null && totalAmount != null && tradeAmount.compareTo(totalAmount) >= 0;
        if (variantA) {
            return switch (raw) {
                case 1 -> CANCELLED;
                case 2 -> complete ? FILLED : CANCELLED;
                case 3 -> traded ? PARTIALLY_FILLED : PENDING;
                default -> UNKNOWN;
            };
        }
        return switch (raw) {
            case 0 -> PENDING;
            case 1 -> CANCELLED;
            case 2 -> FILLED;
            case 3 -> PARTIALLY_FILLED;
            default -> UNKNOWN;
        };
    }
}
