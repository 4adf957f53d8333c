package com.camelexchange.component.api;

/**
 * Cuts a value that came from outside (a header, a body, a reply) before it goes into an error message,
 * so that a ten-megabyte parameter or reply field never becomes a ten-megabyte message, log line or
 * HTTP error body further down the road.
 */
public final class Echo {
    /** The longest value a message repeats in full. */
    public static final int MAX = 40;

    private Echo() {
    }

    /** The value's text, cut to {@link #MAX} characters with a note of the full length. */
    public static String of(Object value) {
        return cut(String.valueOf(value), MAX);
    }

    /** The text cut to {@code max} characters with a note of the full length. */
    public static String cut(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        return text.substring(0, max) + "… (" + text.length() + " characters)";
    }
}
