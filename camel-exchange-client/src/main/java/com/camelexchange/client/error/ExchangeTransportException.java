package com.camelexchange.client.error;

import java.io.IOException;
import java.time.Duration;

/**
 * No complete reply arrived: the connection failed, was reset, or the call ran past its deadline
 * ({@code requestTimeout} for one request, {@code callTimeout} for the whole call) and was aborted.
 *
 * <p>{@link #requestSent()} says whether the request may have reached the exchange. It is false only when the call
 * failed before a connection to the exchange was established (connection refused, unknown host, connect timeout,
 * no pooled connection in time, the deadline passing first): then nothing was sent, and a write failed for sure.
 * Otherwise the exchange may have carried the request out, and the outcome of a write is unknown.
 */
public class ExchangeTransportException extends ExchangeClientException {
    private final boolean timedOut;
    private final boolean requestSent;

    /** The call failed on the way; the request may have been sent. */
    public ExchangeTransportException(String operation, IOException cause) {
        this(operation, cause, true);
    }

    /**
     * The call failed on the way.
     *
     * @param requestSent false when the failure came before any connection to the exchange was established
     */
    public ExchangeTransportException(String operation, IOException cause, boolean requestSent) {
        super(operation + (requestSent ? " got no reply: " : " got no reply, nothing was sent: ")
              + cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : " (" + Echo.cut(cause.getMessage(), 160) + ")"),
                ErrorCategory.UNAVAILABLE, cause);
        this.timedOut = false;
        this.requestSent = requestSent;
    }

    /** The call was aborted at its deadline; the request may have been sent. */
    public ExchangeTransportException(String operation, Duration deadline) {
        this(operation, deadline, true);
    }

    /**
     * The call was aborted at its deadline.
     *
     * @param requestSent false when the deadline passed before a connection to the exchange was established
     */
    public ExchangeTransportException(String operation, Duration deadline, boolean requestSent) {
        super(operation + " got no complete reply within " + deadline.toMillis() + " ms (requestTimeout); the call"
              + " was aborted" + (requestSent ? "" : " before anything was sent"), ErrorCategory.UNAVAILABLE, null);
        this.timedOut = true;
        this.requestSent = requestSent;
    }

    /** The whole call ran past {@code callTimeout}: {@code attempts} requests were tried, the last failing so. */
    public ExchangeTransportException(String operation, Duration callTimeout, int attempts,
                                      ExchangeClientException last) {
        super(operation + " got no reply within " + callTimeout.toMillis() + " ms (callTimeout) after " + attempts
              + (attempts == 1 ? " attempt" : " attempts") + "; last: " + last.getMessage(), ErrorCategory.UNAVAILABLE,
                last);
        this.timedOut = true;
        this.requestSent = !(last instanceof ExchangeTransportException transport) || transport.requestSent();
    }

    /** The call's {@code callTimeout} had passed before its request could be sent: nothing was sent. */
    public ExchangeTransportException(String operation, Duration callTimeout, String waitingFor) {
        super(operation + " got no reply, nothing was sent: its callTimeout (" + callTimeout.toMillis() + " ms)"
              + " passed " + waitingFor,
                ErrorCategory.UNAVAILABLE, null);
        this.timedOut = true;
        this.requestSent = false;
    }

    /** Whether the call was aborted because it ran past {@code requestTimeout} or {@code callTimeout}. */
    public boolean timedOut() {
        return timedOut;
    }

    /**
     * Whether the request may have reached the exchange. False proves that it was not sent (the connection was never
     * established): a write that failed so did nothing and may be sent again.
     */
    public boolean requestSent() {
        return requestSent;
    }
}
