package com.camelexchange.simulator.engine;

/**
 * An application error reply of the exchange: HTTP 200 with {@code {"code":..,"message":..}}.
 * The codes are those the real service answers.
 */
public final class ExchangeError extends RuntimeException {
    public static final int GENERAL = 1001;
    public static final int SIGNATURE = 1003;
    public static final int NO_PERMISSION = 1012;
    public static final int ACCOUNT_BALANCE = 2009;
    public static final int ORDER_NOT_FOUND = 3001;
    public static final int INVALID_PRICE = 3002;
    public static final int INVALID_AMOUNT = 3003;
    public static final int UNKNOWN_USER = 3004;
    public static final int INVALID_ARGUMENTS = 3005;
    public static final int REQUEST_EXPIRED = 3007;
    public static final int ABNORMAL_PRICE = 3011;
    public static final int DUPLICATE_CUSTOMER_ORDER_ID = 3012;
    public static final int API_LOCKED = 4001;
    public static final int TOO_FREQUENT = 4002;

    private final int code;

    public ExchangeError(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ExchangeError invalidArguments(String parameter) {
        return new ExchangeError(INVALID_ARGUMENTS, "Invalid Arguments: " + parameter);
    }
}
