package com.camelexchange.component.api;

/**
 * A write got no usable reply and its effect could not be established: the order may or may not exist.
 * Never retried automatically; the message says how to find out.
 *
 * <p>The failure behind it is attached as a <em>suppressed</em> exception, not as the cause: Camel matches
 * {@code onException} and {@code getException(type)} against the cause chain, and a retryable cause
 * there would let a redelivery policy send the write again.
 */
public class ExchangeOrderStateUnknownException extends ExchangeClientException {

    public ExchangeOrderStateUnknownException(String operation, String advice, ExchangeClientException failure) {
        super(operation + " outcome unknown (" + failure.getMessage() + "); " + advice, ErrorCategory.UNAVAILABLE,
                null);
        addSuppressed(failure);
    }

    @Override
    public boolean isRetryable() {
        return false;
    }
}
