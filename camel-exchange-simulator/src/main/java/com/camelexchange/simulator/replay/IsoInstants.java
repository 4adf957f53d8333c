package com.camelexchange.simulator.replay;

import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Reads the ISO-8601 times of a recording. A recording's times are written by {@link Instant#toString()}:
 * {@code 2026-11-25T08:00:00Z} or {@code 2026-11-25T08:00:00.123Z}, with 3, 6 or 9 fraction digits. Those are read
 * here digit by digit, every field range-checked; {@link Instant#parse} reads everything else (lower-case letters,
 * offsets, a leap second, 24:00, years beyond 9999...) and refuses what is not a time. The result is always what
 * {@link Instant#parse} gives: a recording has two or three times a line, and the formatter behind
 * {@link Instant#parse} made reading them a sixth of a backtest's time.
 */
final class IsoInstants {
    /** {@code yyyy-MM-ddTHH:mm:ssZ}. */
    private static final int SHORTEST = 20;
    /** {@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ}. */
    private static final int LONGEST = 30;
    private static final int[] NANOS_PER_DIGITS = {0, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000,
            100, 10, 1};

    private IsoInstants() {
    }

    /**
     * The instant of an ISO-8601 UTC time, as {@link Instant#parse} reads it.
     *
     * @throws DateTimeParseException when it is not one
     */
    static Instant parse(String text) {
        Instant fast = writersShape(text);
        return fast != null ? fast : Instant.parse(text);
    }

    /**
     * The instant of a time in the shape {@link Instant#toString()} writes for years 0000 to 9999
     * ({@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z}, upper-case, ASCII digits, every field within its range), or null
     * for any other text, valid or not.
     */
    static Instant writersShape(String text) {
        int length = text.length();
        if (length < SHORTEST || length > LONGEST || length == SHORTEST + 1 || text.charAt(4) != '-'
                || text.charAt(7) != '-' || text.charAt(10) != 'T' || text.charAt(13) != ':'
                || text.charAt(16) != ':' || text.charAt(length - 1) != 'Z') {
            return null;
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 5, 2);
        int day = digits(text, 8, 2);
        int hour = digits(text, 11, 2);
        int minute = digits(text, 14, 2);
        int second = digits(text, 17, 2);
        if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour < 0 || hour > 23
                || minute < 0 || minute > 59 || second < 0 || second > 59) {
            return null;
        }
        int nanos = 0;
        if (length > SHORTEST) {
            // A fraction: a point and 1 to 9 digits before the Z.
            int fractionDigits = length - SHORTEST - 1;
            int fraction = digits(text, 20, fractionDigits);
            if (text.charAt(19) != '.' || fraction < 0) {
                return null;
            }
            nanos = fraction * NANOS_PER_DIGITS[fractionDigits];
        }
        long days = LocalDate.of(year, month, day).toEpochDay();
        return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
    }

    /** The value of {@code count} ASCII digits from {@code from}, or -1 when one is not a digit. */
    private static int digits(String text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            int digit = text.charAt(i) - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }
}
