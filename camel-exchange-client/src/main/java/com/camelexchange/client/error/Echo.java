package com.camelexchange.client.error;

/**
 * Cuts a value that came from outside (a header, a body, a reply) before it goes into an error message,
 * so that a ten-megabyte parameter or reply field never becomes a ten-megabyte message, log line or
 * HTTP error body further down the road; and escapes its control characters, so that a CR or LF in a header
 * or a reply cannot start a forged line in a log or split an HTTP header a route builds from the message.
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

    /** The text cut to {@code max} characters with a note of the full length, its control characters escaped. */
    public static String cut(String text, int max) {
        if (text.length() <= max) {
            return escape(text);
        }
        return escape(text.substring(0, max)) + "… (" + text.length() + " characters)";
    }

    /**
     * The text with its control characters written as escapes ({@code \r}, {@code \n}, {@code \t},
     * {@code \\u001b}...), line and paragraph separators included; the text itself when it has none.
     */
    public static String escape(String text) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first))) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> escaped.append("\\r");
                case '\n' -> escaped.append("\\n");
                case '\t' -> escaped.append("\\t");
                default -> {
                    if (isControl(c)) {
                        escaped.append(String.format("\\u%04x", (int) c));
                    } else {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }

    private static boolean isControl(char c) {
        return Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
    }
}
