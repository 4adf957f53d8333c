package com.camelexchange.component.api;

/** A reply arrived with status 200 but is not the JSON the operation answers (e.g. an HTML page, cut JSON). */
public class ExchangeReplyFormatException extends ExchangeClientException {

    public ExchangeReplyFormatException(String operation, String problem, String bodyStart, Throwable cause) {
        super(operation + " reply is not understood: " + problem + (bodyStart.isEmpty() ? "" : ": " + bodyStart),
                ErrorCategory.UNAVAILABLE, cause);
    }
}
