package com.camelexchange.client.error;

/**
 * A reply arrived with status 200 but is not the JSON the operation answers (an HTML page, cut JSON, a
 * missing field, a number out of bounds), or it is larger than {@code maxReplySize}.
 */
public class ExchangeReplyFormatException extends ExchangeClientException {

    public ExchangeReplyFormatException(String operation, String problem, String bodyStart) {
        super(operation + " reply is not understood: " + problem + (bodyStart.isEmpty() ? "" : ": " + bodyStart),
                ErrorCategory.UNAVAILABLE, null);
    }
}
