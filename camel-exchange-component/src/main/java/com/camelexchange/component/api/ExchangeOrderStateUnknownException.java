package com.camelexchange.component.api;

/**
 * A write got no usable reply and its effect could not be established: the order may or may not exist.
 * Never retried automatically; the message says how to find out.
 */
public class ExchangeOrderStateUnknownException extends ExchangeClientException {

    public ExchangeOrderStateUnknownException(String operation, String advice, ExchangeClientException cause) {
        super(operation + " outcome unknown (" + cause.getMessage() + "); " + advice, ErrorCategory.UNAVAILABLE, cause);
    }

    @Override
    public boolean isRetryable() {
        return false;
    }
}
