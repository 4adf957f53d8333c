package com.camelexchange.client.model.json;

import java.math.BigDecimal;

/**
 * The bounds of every decimal the models hold when it comes from outside: message headers and bodies, options,
 * JSON read back, and the exchange's replies. A short text such as {@code 1E-999999999} is a valid
 * {@link BigDecimal}, but formatting it in full or rescaling it to a market's scale builds a billion digits; so
 * the scale and precision are checked before anything formats or rescales a number, and such a number is refused.
 */
public final class DecimalBounds {
    /** The longest text read as a number. */
    public static final int MAX_TEXT = 64;
    /** The most significant digits a number may have. */
    public static final int MAX_PRECISION = 40;
    /** The largest scale, either way: at most this many decimals, or this many trailing zeros. */
    public static final int MAX_SCALE = 30;

    private DecimalBounds() {
    }

    /**
     * The number a text holds, or null when it is not a number within bounds; surrounding blanks are
     * ignored. Never throws, never formats the number.
     */
    public static BigDecimal parse(CharSequence text) {
        if (text == null || text.length() > MAX_TEXT) {
            return null;
        }
        String trimmed = text.toString().trim();
        if (trimmed.isEmpty()) {
            return null;
        }
        BigDecimal value;
        try {
            value = new BigDecimal(trimmed);
        } catch (NumberFormatException e) {
            return null;
        }
        return withinBounds(value) ? value : null;
    }

    /** The number in {@code chars[offset, offset + length)}, or null; for decoders that hold the text in a buffer. */
    public static BigDecimal parse(char[] chars, int offset, int length) {
        if (length < 1 || length > MAX_TEXT) {
            return null;
        }
        BigDecimal value;
        try {
            value = new BigDecimal(chars, offset, length);
        } catch (NumberFormatException e) {
            return null;
        }
        return withinBounds(value) ? value : null;
    }

    /** Whether scale and precision are within bounds, i.e. the number can be formatted and rescaled safely. */
    public static boolean withinBounds(BigDecimal value) {
        return value.precision() <= MAX_PRECISION && Math.abs(value.scale()) <= MAX_SCALE;
    }
}
