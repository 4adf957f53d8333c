package com.camelexchange.component.api;

import java.math.BigDecimal;

/**
 * Bounds for every decimal that comes from outside: message headers and bodies, options, and the
 * exchange's replies. A short text such as {@code 1E-999999999} is a valid {@link BigDecimal}, but
 * formatting it in full or rescaling it to a market's scale builds a billion digits; so the scale and
 * precision are checked before anything formats or rescales a number, and such a number is refused.
 */
public final class Decimals {
    /** The longest text read as a number. */
    public static final int MAX_TEXT = 64;
    /** The most significant digits a number may have. */
    public static final int MAX_PRECISION = 40;
    /** The largest scale, either way: at most this many decimals, or this many trailing zeros. */
    public static final int MAX_SCALE = 30;

    private Decimals() {
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

    /**
     * A decimal given as a number or as text (from a header, a body or an option): null stays null,
     * anything else must be a number within bounds.
     *
     * @param source where the value came from, e.g. {@code header CamelExchangePrice}, for the refusal
     */
    public static BigDecimal of(String source, Object value) {
        if (value == null) {
            return null;
        }
        BigDecimal parsed;
        if (value instanceof BigDecimal d) {
            parsed = withinBounds(d) ? d : null;
        } else {
            parsed = parse(value instanceof CharSequence text ? text : String.valueOf(value));
        }
        if (parsed == null) {
            throw new ExchangeValidationException(source, problem(value));
        }
        return parsed;
    }

    /** Whether scale and precision are within bounds, i.e. the number can be formatted and rescaled safely. */
    public static boolean withinBounds(BigDecimal value) {
        return value.precision() <= MAX_PRECISION && Math.abs(value.scale()) <= MAX_SCALE;
    }

    /** What is wrong with a text that {@link #parse} refused, for a message. */
    public static String problem(Object text) {
        String shown = "'" + Echo.of(text) + "'";
        if (text != null && text.toString().length() > MAX_TEXT) {
            return shown + " is not a number of at most " + MAX_TEXT + " characters";
        }
        BigDecimal value = null;
        try {
            value = text == null ? null : new BigDecimal(text.toString().trim());
        } catch (NumberFormatException e) {
            // not a number at all
        }
        if (value == null) {
            return shown + " is not a number";
        }
        return shown + " is out of range (at most " + MAX_PRECISION + " digits and " + MAX_SCALE + " decimals)";
    }
}
