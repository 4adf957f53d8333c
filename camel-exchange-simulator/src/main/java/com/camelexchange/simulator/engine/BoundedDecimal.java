package com.camelexchange.simulator.engine;

import java.math.BigDecimal;

/**
 * The one way a number from a request becomes a {@link BigDecimal}. A short text such as
 * {@code 1E-999999999} parses cheaply into a value whose plain form has a billion digits; the first
 * {@code toPlainString()}, {@code setScale()} or JSON write of it would allocate gigabytes. So the text
 * length, the precision and the scale are checked before anything formats or rescales the value.
 * Real prices and amounts are far inside these bounds.
 */
public final class BoundedDecimal {
    /** Longest accepted text, sign and exponent included. */
    public static final int MAX_TEXT_LENGTH = 64;
    /** Most significant digits. */
    public static final int MAX_PRECISION = 40;
    /** The scale must lie within {@code -MAX_SCALE..MAX_SCALE}: at most 30 decimals, at most 1E+30 steps. */
    public static final int MAX_SCALE = 30;
    private static final String BOUNDS = "at most " + MAX_PRECISION + " digits and a scale of -" + MAX_SCALE + ".."
            + MAX_SCALE;

    private BoundedDecimal() {
    }

    /**
     * Parses request text, refusing with {@code errorCode} (3002 for prices, 3003 for amounts, 3005
     * otherwise) text that is not a number, longer than {@value #MAX_TEXT_LENGTH} characters, or out of
     * bounds once parsed. {@code name} is the parameter as the message names it.
     */
    public static BigDecimal parse(String text, String name, int errorCode) {
        if (text == null) {
            throw new ExchangeError(errorCode, "Invalid " + name + ": missing");
        }
        if (text.length() > MAX_TEXT_LENGTH) {
            throw new ExchangeError(errorCode, "Invalid " + name + " " + Echo.quoted(text) + ": longer than "
                    + MAX_TEXT_LENGTH + " characters");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new ExchangeError(errorCode, "Invalid " + name + " " + Echo.quoted(text));
        }
        if (!fits(value)) {
            throw outOfBounds(name, text, errorCode);
        }
        return value;
    }

    /**
     * Refuses with {@code errorCode} a value already parsed (e.g. one handed to the engine directly)
     * that is out of bounds; returns it otherwise. Only precision and scale are read, never the digits
     * formatted, so this is safe on any value.
     */
    public static BigDecimal check(BigDecimal value, String name, int errorCode) {
        if (!fits(value)) {
            // Described by precision and scale only: even toString() of a value with a million digits is big.
            throw new ExchangeError(errorCode, "Invalid " + name + " (" + value.precision() + " digits, scale "
                    + value.scale() + "): " + BOUNDS);
        }
        return value;
    }

    /** Whether a value is small enough to format or rescale safely. */
    public static boolean fits(BigDecimal value) {
        return value.scale() >= -MAX_SCALE && value.scale() <= MAX_SCALE && value.precision() <= MAX_PRECISION;
    }

    private static ExchangeError outOfBounds(String name, String text, int errorCode) {
        return new ExchangeError(errorCode, "Invalid " + name + " " + Echo.quoted(text) + ": " + BOUNDS);
    }
}
