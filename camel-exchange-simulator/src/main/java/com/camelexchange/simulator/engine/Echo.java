package com.camelexchange.simulator.engine;

/**
 * Request text as an error message shows it: cut short, so that a huge parameter (a 10 MB value, a
 * market name, an unknown parameter name) never comes back in a reply or fills a log line.
 */
public final class Echo {
    /** The most characters of a value an error message repeats; longer values end in an ellipsis. */
    public static final int MAX_SHOWN = 32;
    static final String ELLIPSIS = "...";

    private Echo() {
    }

    /** The text, or its first {@value #MAX_SHOWN} characters followed by {@code ...}; null stays "null". */
    public static String cut(String text) {
        if (text == null) {
            return "null";
        }
        if (text.length() <= MAX_SHOWN) {
            return text;
        }
        int end = MAX_SHOWN;
        if (Character.isHighSurrogate(text.charAt(end - 1))) {
            // Never split a surrogate pair: half a character would be written as '?'.
            end--;
        }
        return text.substring(0, end) + ELLIPSIS;
    }

    /** The cut text in single quotes, as error messages quote a value. */
    public static String quoted(String text) {
        return "'" + cut(text) + "'";
    }
}
