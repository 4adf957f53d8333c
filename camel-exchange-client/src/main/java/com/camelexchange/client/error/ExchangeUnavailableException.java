package com.camelexchange.client.error;

/** The service answered with an HTTP status other than 200; the exchange's API treats any such status as worth a retry. */
public class ExchangeUnavailableException extends ExchangeClientException {
    private final int statusCode;

    public ExchangeUnavailableException(String operation, int statusCode, String bodyStart) {
        super(operation + " got HTTP " + statusCode + (bodyStart.isEmpty() ? "" : ": " + bodyStart),
                ErrorCategory.UNAVAILABLE, null);
        this.statusCode = statusCode;
    }

    public int statusCode() {
        return statusCode;
    }
}
