package com.camelexchange.component.api.wire;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * Times as the exchange sends them: a whole number (JSON number or string) of epoch seconds in some
 * fields and of epoch milliseconds in others. Each field names its unit with
 * {@code @JsonDeserialize(using = EpochTime.Seconds.class)} or {@code EpochTime.Millis}.
 */
abstract class EpochTime extends StdScalarDeserializer<Instant> {
    private static final int MAX_DIGITS = 19;

    EpochTime() {
        super(Instant.class);
    }

    abstract Instant of(long value);

    @Override
    public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        long value = whole(p, ctxt);
        try {
            return of(value);
        } catch (DateTimeException e) {
            return (Instant) ctxt.reportInputMismatch(Instant.class, "%d is not a time", value);
        }
    }

    /** A whole number sent as a JSON integer or as a string of digits. */
    static long whole(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (token == JsonToken.VALUE_STRING) {
            char[] text = p.getTextCharacters();
            int offset = p.getTextOffset();
            int length = p.getTextLength();
            if (length > 0 && length <= MAX_DIGITS && digits(text, offset, length)) {
                return NumberInput.parseLong(text, offset, length);
            }
            return ((Number) ctxt.reportInputMismatch(Long.class, "not a whole number (%d characters)", length))
                    .longValue();
        }
        return ((Number) ctxt.handleUnexpectedToken(Long.class, p)).longValue();
    }

    private static boolean digits(char[] text, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (text[i] < '0' || text[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /** Epoch seconds: depth {@code timestamp}, trade {@code date}. */
    static final class Seconds extends EpochTime {
        @Override
        Instant of(long value) {
            return Instant.ofEpochSecond(value);
        }
    }

    /** Epoch milliseconds: ticker {@code date}, K-line times, order and withdrawal times. */
    static final class Millis extends EpochTime {
        @Override
        Instant of(long value) {
            return Instant.ofEpochMilli(value);
        }
    }
}
