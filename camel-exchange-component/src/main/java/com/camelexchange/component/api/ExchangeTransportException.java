package com.camelexchange.component.api;

import java.io.IOException;

/**
 * No complete reply arrived: the connection failed, was reset, or timed out. For a write this means the
 * outcome is unknown: the exchange may have carried it out.
 */
public class ExchangeTransportException extends ExchangeClientException {

    public ExchangeTransportException(String operation, IOException cause) {
        super(operation + " got no reply: " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")"), ErrorCategory.UNAVAILABLE, cause);
    }
}
