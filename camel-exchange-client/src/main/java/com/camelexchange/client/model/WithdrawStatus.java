package com.camelexchange.client.model;

/** The status of a withdrawal. */
public enum WithdrawStatus {
    SUBMITTED(0),
    FAILED(1),
    SUCCESS(2),
    CANCELLED(3),
    CONFIRMED(5),
    UNKNOWN(-1);

    private final int value;

    WithdrawStatus(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    public static WithdrawStatus of(int value) {
        for (WithdrawStatus s : values()) {
            if (s.value == value) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
