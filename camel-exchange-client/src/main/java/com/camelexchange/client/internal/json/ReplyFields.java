package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.MarketNames;
import com.camelexchange.client.error.Echo;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * The bounds of the values a reply or a push carries, checked in the records' constructors as they are read: the
 * same bounds a request's values must keep (numbers within {@link com.camelexchange.client.model.json.DecimalBounds},
 * prices and amounts positive, ids in range, names of the form the exchange gives them), and times that can be true.
 * A value outside them refuses the record that holds it ({@link Records}) or, for a reply that is one whole (a
 * ticker, a book, an account), the reply: nothing read from it moves a position, a book, a clock or a balance.
 */
final class ReplyFields {
    /** Nothing the exchange dates happened before this. */
    static final Instant EARLIEST = Instant.parse("2000-01-01T00:00:00Z");
    /**
     * How far past this machine's clock a date may lie: clocks differ, by minutes on a badly kept machine, but a
     * date a day ahead (or in milliseconds where seconds are due, thousands of years ahead) is not a clock's error.
     */
    static final long MAX_AHEAD_MILLIS = 24L * 60 * 60 * 1000;
    /** The largest id taken as real: 2^53, the largest integer a JSON number holds exactly in any client. */
    static final long MAX_ID = 1L << 53;
    /** Order numbers: digits, as the exchange hands them out (e.g. {@code 202202224851151555}). */
    private static final Pattern ORDER_ID = Pattern.compile("[0-9]{1,32}");
    /** A withdrawal address or a name: printable, of a sane length. */
    private static final int MAX_TEXT = 256;

    private ReplyFields() {
    }

    /** A price or an amount that must be above zero. */
    static BigDecimal positive(BigDecimal value, String name) {
        Required.field(value, name);
        if (value.signum() <= 0) {
            throw new BadFieldException(name, "not above zero: " + Echo.of(value.toPlainString()));
        }
        return value;
    }

    /** A balance, a volume or an amount traded: zero or more. */
    static BigDecimal notNegative(BigDecimal value, String name) {
        Required.field(value, name);
        if (value.signum() < 0) {
            throw new BadFieldException(name, "negative: " + Echo.of(value.toPlainString()));
        }
        return value;
    }

    /** {@link #notNegative} where the field may be absent. */
    static BigDecimal notNegativeIfSent(BigDecimal value, String name) {
        return value == null ? null : notNegative(value, name);
    }

    /** An id the exchange counts up: a trade's, a withdrawal's. */
    static long id(Long value, String name) {
        Required.field(value, name);
        if (value <= 0 || value > MAX_ID) {
            throw new BadFieldException(name, "out of range: " + value);
        }
        return value;
    }

    /** An order number: digits only. */
    static String orderId(String value, String name) {
        Required.field(value, name);
        if (!ORDER_ID.matcher(value).matches()) {
            throw new BadFieldException(name, "not an order number: '" + Echo.of(value) + "'");
        }
        return value;
    }

    /** A coin code or a market name, as the exchange writes them. */
    static String name(String value, String field) {
        Required.field(value, field);
        if (!MarketNames.isCoinOrMarket(value)) {
            throw new BadFieldException(field, "not a coin or market name: '" + Echo.of(value) + "'");
        }
        return value;
    }

    /** {@link #name} where the field may be absent. */
    static String nameIfSent(String value, String field) {
        return value == null ? null : name(value, field);
    }

    /** A free text kept in the model (an address, a user name): bounded, with no control characters. */
    static String text(String value, String field) {
        if (value == null) {
            return null;
        }
        if (value.length() > MAX_TEXT || !Echo.escape(value).equals(value)) {
            throw new BadFieldException(field, "not a plain text of at most " + MAX_TEXT + " characters: '"
                    + Echo.of(value) + "'");
        }
        return value;
    }

    /** A small whole number with a fixed meaning (a status, a side, a scale): one of {@code min..max}. */
    static int within(Integer value, String name, int min, int max) {
        Required.field(value, name);
        if (value < min || value > max) {
            throw new BadFieldException(name, value + " is not within " + min + ".." + max);
        }
        return value;
    }

    /** A whole number with a fixed meaning that takes one of {@code values}. */
    static int oneOf(Integer value, String name, int... values) {
        Required.field(value, name);
        for (int allowed : values) {
            if (value == allowed) {
                return value;
            }
        }
        throw new BadFieldException(name, value + " is not one of " + java.util.Arrays.toString(values));
    }

    /** One of the words a field takes, or absent. */
    static String oneOfIfSent(String value, String name, String first, String second) {
        if (value == null || value.equals(first) || value.equals(second)) {
            return value;
        }
        throw new BadFieldException(name, "'" + Echo.of(value) + "' is neither " + first + " nor " + second);
    }

    /**
     * What is wrong with a date, in epoch milliseconds, that cannot be true: before 2000, or more than a day past
     * this machine's clock; null when it can be.
     */
    static String dateProblem(long epochMillis) {
        if (epochMillis < EARLIEST.toEpochMilli()) {
            return "before " + EARLIEST;
        }
        if (epochMillis - System.currentTimeMillis() > MAX_AHEAD_MILLIS) {
            return "more than a day ahead of this machine's clock";
        }
        return null;
    }

    /** A field whose value is outside its bounds. */
    static final class BadFieldException extends IllegalArgumentException {
        BadFieldException(String field, String problem) {
            super("'" + field + "' " + problem);
        }
    }
}
