package com.camelexchange.client.error;

/**
 * What kind of failure a call met, so that routes can react by kind rather than by code
 * ({@code onException} on the exception type, or a choice on {@link ExchangeClientException#category()}).
 */
public enum ErrorCategory {
    /** Unknown key, wrong signature, expired request time, IP not allowed (1003-1006, 3004, 3006, 3007). */
    AUTHENTICATION(false),
    /** The key lacks a permission, or trading in the market is disabled (1012, 3010). */
    PERMISSION(false),
    /** Not enough balance (2001-2009). */
    INSUFFICIENT_FUNDS(false),
    /** Price, amount or order rejected (3002, 3003, 3009, 3011, 3012). */
    INVALID_ORDER(false),
    /** No such (pending) order or trade record (3001, 3008). */
    ORDER_NOT_FOUND(false),
    /** Too many requests (4002), or the client-side limiter could not get a permit in time. */
    RATE_LIMITED(true),
    /** The service cannot answer now: maintenance, IP lock, HTTP errors, network failures (1002, 1009, 1010, 4001). */
    UNAVAILABLE(true),
    /** A parameter the exchange refused (3005), or one refused before sending. */
    BAD_REQUEST(false),
    /** Any other error reply of the exchange (1001, 1013, 1014, 9999, unknown codes). */
    EXCHANGE_ERROR(false);

    private final boolean retryable;

    ErrorCategory(boolean retryable) {
        this.retryable = retryable;
    }

    /** Whether trying the same read again later may succeed. */
    public boolean retryable() {
        return retryable;
    }

    /** The category of a reply code of the exchange. */
    public static ErrorCategory ofCode(int code) {
        if (code >= 2001 && code <= 2009) {
            return INSUFFICIENT_FUNDS;
        }
        return switch (code) {
            case 1003, 1004, 1005, 1006, 3004, 3006, 3007 -> AUTHENTICATION;
            case 1012, 3010 -> PERMISSION;
            case 3002, 3003, 3009, 3011, 3012 -> INVALID_ORDER;
            case 3001, 3008 -> ORDER_NOT_FOUND;
            case 4002 -> RATE_LIMITED;
            case 1002, 1009, 1010, 4001 -> UNAVAILABLE;
            case 3005 -> BAD_REQUEST;
            default -> EXCHANGE_ERROR;
        };
    }
}
