package com.camelexchange.component.api;

import java.io.IOException;
import java.time.Duration;

/**
 * No complete reply arrived: the connection failed, was reset, or the call ran past its deadline
 * ({@code requestTimeout} for one request, {@code callTimeout} for the whole call) and was aborted. For a write this means the outcome is unknown: the exchange
 * may have carried it out.
 */
public class ExchangeTransportException extends ExchangeClientException {
    private final boolean timedOut;

    public ExchangeTransportException(String operation, IOException cause) {
        super(operation + " got no reply: " + cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : " (" + Echo.cut(cause.getMessage(), 160) + ")"),
                ErrorCategory.UNAVAILABLE, cause);
        this.timedOut = false;
    }

    /** The call was aborted at its deadline. */
    public ExchangeTransportException(String operation, Duration deadline) {
        super(operation + " got no complete reply within " + deadline.toMillis() + " ms (requestTimeout); the call"
              + " was aborted", ErrorCategory.UNAVAILABLE, null);
        this.timedOut = true;
    }

    /** The whole call ran past {@code callTimeout}: {@code attempts} requests were tried, the last failing so. */
    public ExchangeTransportException(String operation, Duration callTimeout, int attempts,
                                      ExchangeClientException last) {
        super(operation + " got no reply within " + callTimeout.toMillis() + " ms (callTimeout) after " + attempts
              + (attempts == 1 ? " attempt" : " attempts") + "; last: " + last.getMessage(), ErrorCategory.UNAVAILABLE,
                last);
        this.timedOut = true;
    }

    /** Whether the call was aborted because it ran past {@code requestTimeout} or {@code callTimeout}. */
    public boolean timedOut() {
        return timedOut;
    }
}
