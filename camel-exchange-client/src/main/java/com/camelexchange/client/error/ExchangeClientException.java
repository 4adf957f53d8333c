package com.camelexchange.client.error;

/**
 * The base of every failure of a call to the exchange. Subtypes say where it failed; {@link #category()}
 * says what kind of failure it is. Messages never contain the secret key.
 */
public abstract class ExchangeClientException extends RuntimeException {
    private final ErrorCategory category;

    protected ExchangeClientException(String message, ErrorCategory category, Throwable cause) {
        super(message, cause);
        this.category = category;
    }

    public ErrorCategory category() {
        return category;
    }

    /** Whether the same read may succeed if tried again later. Writes are never retried blindly. */
    public boolean isRetryable() {
        return category.retryable();
    }
}
