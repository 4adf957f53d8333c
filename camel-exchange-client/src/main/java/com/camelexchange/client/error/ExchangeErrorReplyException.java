package com.camelexchange.client.error;

/** The exchange answered with an error reply: {@code {"code": ..., "message": ...}} with a code other than 1000. */
public class ExchangeErrorReplyException extends ExchangeClientException {
    /** The longest exchange message repeated in ours. */
    static final int MAX_MESSAGE = 200;

    private final int code;
    private final String exchangeMessage;

    public ExchangeErrorReplyException(String operation, int code, String exchangeMessage) {
        this(operation + " failed with code " + code + " (" + ErrorCategory.ofCode(code) + "): "
             + Echo.cut(exchangeMessage, MAX_MESSAGE), exchangeMessage, code);
    }

    /** For subtypes that word the message themselves. */
    protected ExchangeErrorReplyException(String message, String exchangeMessage, int code) {
        super(message, ErrorCategory.ofCode(code), null);
        this.code = code;
        this.exchangeMessage = Echo.cut(exchangeMessage, MAX_MESSAGE);
    }

    /** The exchange's reply code, e.g. 3005. */
    public int code() {
        return code;
    }

    /** The exchange's message text as sent (Chinese or English), cut to a short length. */
    public String exchangeMessage() {
        return exchangeMessage;
    }
}
