package com.camelexchange.component.api;

/** The exchange answered with an error reply: {@code {"code": ..., "message": ...}} with a code other than 1000. */
public class ExchangeErrorReplyException extends ExchangeClientException {
    private final int code;
    private final String exchangeMessage;

    public ExchangeErrorReplyException(String operation, int code, String exchangeMessage) {
        super(operation + " failed with code " + code + " (" + ErrorCategory.ofCode(code) + "): " + exchangeMessage,
                ErrorCategory.ofCode(code), null);
        this.code = code;
        this.exchangeMessage = exchangeMessage;
    }

    /** The exchange's reply code, e.g. 3005. */
    public int code() {
        return code;
    }

    /** The exchange's message text, as sent (Chinese or English). */
    public String exchangeMessage() {
        return exchangeMessage;
    }
}
