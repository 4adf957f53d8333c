package com.camelexchange.client.error;

/**
 * A write got no usable reply and its effect could not be established: the order may or may not exist.
 * Never retried automatically; the message says how to find out, and what is known.
 *
 * <p>{@link #sent()} names what was sent and when, and how its orders are found: a variant A order by the
 * {@code customerOrderId} it was sent with, a variant B order or a batch by what its orders are. The producer keeps
 * it on the Camel exchange, and a redelivery of that exchange looks those orders up again instead of sending them.
 *
 * <p>The failure behind it is attached as a <em>suppressed</em> exception, not as the cause: Camel matches
 * {@code onException} and {@code getException(type)} against the cause chain, and a retryable cause
 * there would let a redelivery policy send the write again.
 */
public class ExchangeOrderStateUnknownException extends ExchangeClientException {
    private final transient SentOrders sent;

    public ExchangeOrderStateUnknownException(String operation, String advice, ExchangeClientException failure) {
        this(operation + " outcome unknown (" + failure.getMessage() + "); " + advice, failure, null);
    }

    /**
     * @param failure what went wrong with the write itself; null when this is a redelivery that only looked
     * @param sent    what was sent, to find its orders by
     */
    public ExchangeOrderStateUnknownException(String message, ExchangeClientException failure, SentOrders sent) {
        super(message, ErrorCategory.UNAVAILABLE, null);
        if (failure != null) {
            addSuppressed(failure);
        }
        this.sent = sent;
    }

    /** What was sent and when, to find its orders by; null only when made without it. */
    public SentOrders sent() {
        return sent;
    }

    @Override
    public boolean isRetryable() {
        return false;
    }
}
