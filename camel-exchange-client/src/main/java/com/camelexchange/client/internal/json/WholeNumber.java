package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.NumberInput;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;

/**
 * Every whole number of a reply ({@code Long}, {@code Integer} and their primitives): a JSON integer or a string of
 * digits, of at most 19 characters. The length is checked before the number is converted, so a number of a million
 * digits costs its reading, not a conversion to a big integer, and is refused like any value out of bounds; the
 * parser stays where it was, so the rest of the reply can still be read ({@link Records}).
 */
final class WholeNumber<T extends Number> extends StdScalarDeserializer<T> {
    private static final int MAX_DIGITS = 19;

    private final Class<T> type;

    private WholeNumber(Class<T> type) {
        super(type);
        this.type = type;
    }

    static WholeNumber<Long> longs() {
        return new WholeNumber<>(Long.class);
    }

    static WholeNumber<Integer> ints() {
        return new WholeNumber<>(Integer.class);
    }

    @Override
    public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        long value = read(p, ctxt, type);
        if (type == Integer.class) {
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                return type.cast(ctxt.reportInputMismatch(type, "%d is out of range", value));
            }
            return type.cast((int) value);
        }
        return type.cast(value);
    }

    /** A whole number sent as a JSON integer or as a string of digits (a sign allowed), as a long. */
    static long read(JsonParser p, DeserializationContext ctxt, Class<?> target) throws IOException {
        JsonToken token = p.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_STRING) {
            return ((Number) ctxt.handleUnexpectedToken(target, p)).longValue();
        }
        char[] text = p.getTextCharacters();
        int length = p.getTextLength();
        boolean negative = length > 0 && text[p.getTextOffset()] == '-';
        int start = p.getTextOffset() + (negative ? 1 : 0);
        int count = length - (negative ? 1 : 0);
        if (!digits(text, start, count) || !NumberInput.inLongRange(text, start, count, negative)) {
            return ((Number) ctxt.reportInputMismatch(target, "not a whole number within bounds (%d characters)",
                    length)).longValue();
        }
        // Summed below zero, where a long reaches one further: Long.MIN_VALUE fits.
        long below = 0;
        for (int i = start; i < start + count; i++) {
            below = below * 10 - (text[i] - '0');
        }
        return negative ? below : -below;
    }

    private static boolean digits(char[] text, int start, int count) {
        if (count < 1 || count > MAX_DIGITS) {
            return false;
        }
        for (int i = start; i < start + count; i++) {
            if (text[i] < '0' || text[i] > '9') {
                return false;
            }
        }
        return true;
    }
}
