package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeClientException;
import org.apache.camel.Exchange;
import org.apache.camel.Predicate;

/**
 * Predicates for error handling in routes that use the component.
 *
 * <pre>{@code
 * onException(ExchangeClientException.class)
 *     .onWhen(ExchangePredicates.retryable())
 *     .maximumRedeliveries(3).redeliveryDelay(1000);
 * }</pre>
 */
public final class ExchangePredicates {
    private ExchangePredicates() {
    }

    /**
     * True when the exception the route got (not one of its causes) is an exchange failure that may pass
     * when tried again. Redelivering an order on it is safe: the message keeps its customerOrderId.
     * Judging by a cause instead ({@code exchange.getException(Type.class)} walks causes from the bottom)
     * could redeliver a write whose outcome is unknown.
     */
    public static Predicate retryable() {
        return ExchangePredicates::isRetryable;
    }

    private static boolean isRetryable(Exchange exchange) {
        Exception failure = exchange.getException();
        if (failure == null) {
            failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class);
        }
        return failure instanceof ExchangeClientException e && e.isRetryable();
    }
}
