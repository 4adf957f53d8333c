package com.camelexchange.simulator.engine;

/**
 * Request text as an error message shows it: cut short, so that a huge parameter (a 10 MB value, a
 * market name, an unknown parameter name) never comes back in a reply or fills a log line.
 */
public final class Echo {
    /** The most characters of a value an error message repeats; longer values end in an ellipsis. */
    public static final int MAX_SHOWN = 32;
    static final String ELLIPSIS = "...";
    /** The most characters of a parser's message repeated, enough for its own words and a short quote. */
    public static final int MAX_PROBLEM = 160;

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

    /**
     * A parser's description of a problem, which may quote the text it met: at most {@value #MAX_PROBLEM}
     * characters of it.
     */
    public static String problem(String text) {
        if (text == null || text.length() <= MAX_PROBLEM) {
            return String.valueOf(text);
        }
        return text.substring(0, MAX_PROBLEM) + ELLIPSIS;
    }

    /** The cut text in single quotes, as error messages quote a value. */
    public static String quoted(String text) {
        return "'" + cut(text) + "'";
    }
}
