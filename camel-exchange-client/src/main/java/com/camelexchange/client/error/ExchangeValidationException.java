package com.camelexchange.client.error;

/** A parameter was refused before any request left the process; the message names it and what is allowed. */
public class ExchangeValidationException extends ExchangeClientException {
    private final String parameter;

    public ExchangeValidationException(String parameter, String problem) {
        super("Invalid " + parameter + ": " + problem, ErrorCategory.BAD_REQUEST, null);
        this.parameter = parameter;
    }

    /** The option or header that was refused, e.g. {@code size}. */
    public String parameter() {
        return parameter;
    }
}
