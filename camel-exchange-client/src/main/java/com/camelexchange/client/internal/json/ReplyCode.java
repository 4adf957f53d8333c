package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The exchange's error replies. Any reply object may carry {@code code} (a number or a string; 1000 is
 * success) and {@code message} (a text, or for address and record replies an object whose {@code isSuc}
 * says whether the call succeeded and whose {@code des} says why not). A reply that has the shape of its
 * operation's answer states its code in its own fields ({@link #require}); one that does not is looked
 * at here ({@link #check}), top level only, to tell an error reply from a broken one.
 */
final class ReplyCode {
    private static final int SUCCESS = 1000;
    private static final int GENERAL_ERROR = 1001;
    private static final Pattern WHOLE = Pattern.compile("-?\\d{1,9}");

    private ReplyCode() {
    }

    /**
     * Throws the exchange's error when the reply is one; returns quietly otherwise (malformed JSON included). A reply
     * that says its code or message twice is none: {@code {"code":1000,...,"code":2009}} may have been carried out,
     * and taking the last code would call an order refused that the first code says was placed.
     */
    static void check(JsonFactory json, String operation, byte[] body) {
        Integer code = null;
        String message = null;
        Boolean succeeded = null;
        Set<String> said = new HashSet<>(4);
        try (JsonParser p = json.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return;
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if ((name.equals("code") || name.equals("message")) && !said.add(name)) {
                    return;
                }
                if (name.equals("code")) {
                    code = code(operation, p, value);
                } else if (name.equals("message") && value == JsonToken.VALUE_STRING) {
                    message = p.getText();
                } else if (name.equals("message") && value == JsonToken.START_OBJECT) {
                    for (JsonToken f = p.nextToken(); f == JsonToken.FIELD_NAME; f = p.nextToken()) {
                        String field = p.currentName();
                        JsonToken v = p.nextToken();
                        if ((field.equals("isSuc") || field.equals("des")) && !said.add("message." + field)) {
                            return;
                        }
                        if (field.equals("isSuc") && v.isBoolean()) {
                            succeeded = v == JsonToken.VALUE_TRUE;
                        } else if (field.equals("des") && v == JsonToken.VALUE_STRING) {
                            message = p.getText();
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException notJson) {
            return; // reading the reply as the operation's answer reports it
        }
        require(operation, code, message, succeeded);
    }

    /** Throws the exchange's error when a reply read into its shape carries a code other than success. */
    static void require(String operation, Integer code, String message, Boolean succeeded) {
        if (code != null && code != SUCCESS) {
            throw new ExchangeErrorReplyException(operation, code, message == null ? "" : message);
        }
        if (Boolean.FALSE.equals(succeeded)) {
            throw new ExchangeErrorReplyException(operation, GENERAL_ERROR, message == null ? "not successful" : message);
        }
    }

    private static int code(String operation, JsonParser p, JsonToken value) throws IOException {
        if (value == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            return p.getIntValue();
        }
        if (value == JsonToken.VALUE_STRING && p.getTextLength() <= 9) {
            String text = p.getText().trim();
            if (WHOLE.matcher(text).matches()) {
                return Integer.parseInt(text);
            }
        }
        throw new ExchangeReplyFormatException(operation, "'code' is not a whole number", "");
    }
}
