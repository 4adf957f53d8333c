package com.camelexchange.client.error;

import java.time.Duration;

/** The client-side limiter could not hand out a permit within the allowed wait, so nothing was sent. */
public class ExchangeRateLimitException extends ExchangeClientException {

    public ExchangeRateLimitException(String scope, Duration waited) {
        super("No permit for " + scope + " within " + waited.toMillis() + " ms; nothing was sent",
                ErrorCategory.RATE_LIMITED, null);
    }
}
