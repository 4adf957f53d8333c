package com.camelexchange.client;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.json.DecimalBounds;

import java.math.BigDecimal;

/**
 * Bounds for every decimal that comes from outside: message headers and bodies, options, and the
 * exchange's replies ({@link DecimalBounds}), with the typed refusal a request gets for a number out of them.
 */
public final class Decimals {
    /** The longest text read as a number. */
    public static final int MAX_TEXT = DecimalBounds.MAX_TEXT;
    /** The most significant digits a number may have. */
    public static final int MAX_PRECISION = DecimalBounds.MAX_PRECISION;
    /** The largest scale, either way: at most this many decimals, or this many trailing zeros. */
    public static final int MAX_SCALE = DecimalBounds.MAX_SCALE;

    private Decimals() {
    }

    /** {@link DecimalBounds#parse(CharSequence)}. */
    public static BigDecimal parse(CharSequence text) {
        return DecimalBounds.parse(text);
    }

    /** {@link DecimalBounds#parse(char[], int, int)}. */
    public static BigDecimal parse(char[] chars, int offset, int length) {
        return DecimalBounds.parse(chars, offset, length);
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

    /** {@link DecimalBounds#withinBounds}. */
    public static boolean withinBounds(BigDecimal value) {
        return DecimalBounds.withinBounds(value);
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
