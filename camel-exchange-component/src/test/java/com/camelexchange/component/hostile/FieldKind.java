package com.camelexchange.component.hostile;

import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.component.hostile.HostileValue.duplicated;
import static com.camelexchange.component.hostile.HostileValue.missing;
import static com.camelexchange.component.hostile.HostileValue.set;

/**
 * What a field of a reply holds, and the values no real exchange sends for it: too long, too many digits, negative,
 * zero, NaN-like text, the wrong type, null, missing, a duplicated key, dates in the future, in milliseconds where
 * seconds are due, before 2000, ids at {@code Long.MAX_VALUE} or past what a JSON number holds.
 */
enum FieldKind {
    /** A price or an amount: a decimal above zero. */
    POSITIVE,
    /** A balance, a volume, an amount traded: zero or more. */
    NOT_NEGATIVE,
    /** A decimal that may be left out. */
    OPTIONAL_NOT_NEGATIVE,
    /** An id the exchange counts up (a trade's, a withdrawal's). */
    ID,
    /** Epoch seconds. */
    SECONDS,
    /** Epoch milliseconds. */
    MILLIS,
    /** An order number: digits. */
    ORDER_ID,
    /** A coin or market name. */
    NAME,
    /** A coin or market name that may be left out. */
    OPTIONAL_NAME,
    /** A free text that may be left out (a name, an address in a record). */
    OPTIONAL_TEXT,
    /** A free text that must be there (the address of an address reply). */
    TEXT,
    /** A status, a side, a scale: a whole number with a fixed meaning within 0..18 or a few values. */
    SMALL_WHOLE,
    /** A page's counts: zero or more. */
    COUNT,
    /** {@code buy}/{@code sell} or {@code bid}/{@code ask}, or left out. */
    SIDE_WORD,
    /** A permission flag. */
    FLAG;

    private static final String TEN_THOUSAND_DIGITS = "1".repeat(10_000);

    /** The hostile values of this kind of field. */
    List<HostileValue> hostile() {
        List<HostileValue> values = new ArrayList<>();
        long nowSeconds = System.currentTimeMillis() / 1000;
        switch (this) {
            case POSITIVE, NOT_NEGATIVE, OPTIONAL_NOT_NEGATIVE -> {
                values.add(set("ten thousand digits", TEN_THOUSAND_DIGITS));
                values.add(set("ten thousand digits as text", "\"" + TEN_THOUSAND_DIGITS + "\""));
                values.add(set("45 decimals", "\"0." + "1".repeat(45) + "\""));
                values.add(set("exponent 999999999", "1e999999999"));
                values.add(set("exponent -999999999 as text", "\"1e-999999999\""));
                values.add(set("NaN", "NaN"));
                values.add(set("NaN as text", "\"NaN\""));
                values.add(set("-Infinity", "-Infinity"));
                values.add(set("hexadecimal", "\"0x10\""));
                values.add(set("empty text", "\"\""));
                values.add(set("a word", "\"abc\""));
                values.add(set("negative", "\"-1\""));
                values.add(set("an object", "{}"));
                values.add(set("an array", "[1]"));
                values.add(set("a boolean", "true"));
                if (this == POSITIVE) {
                    values.add(set("zero", "\"0\""));
                }
                values.add(this == OPTIONAL_NOT_NEGATIVE ? set("null", "null").asTaken() : set("null", "null"));
                values.add(missing(this == OPTIONAL_NOT_NEGATIVE));
                values.add(duplicated("\"1\""));
            }
            case ID, SECONDS, MILLIS, SMALL_WHOLE, COUNT -> {
                values.add(set("ten thousand digits", TEN_THOUSAND_DIGITS));
                values.add(set("beyond a long", "99999999999999999999999"));
                values.add(set("a fraction", "1.5"));
                values.add(set("a word", "\"abc\""));
                values.add(set("NaN", "NaN"));
                values.add(set("negative", "-5"));
                values.add(set("an object", "{}"));
                values.add(set("a boolean", "true"));
                values.add(set("null", "null"));
                values.add(missing(false));
                values.add(duplicated(this == SECONDS ? Long.toString(nowSeconds)
                        : this == MILLIS ? Long.toString(nowSeconds * 1000) : "1"));
                if (this == ID) {
                    values.add(set("zero", "0"));
                    values.add(set("Long.MAX_VALUE", Long.toString(Long.MAX_VALUE)));
                    values.add(set("2^53 + 1", Long.toString((1L << 53) + 1)));
                }
                if (this == SECONDS) {
                    values.add(set("two days ahead", Long.toString(nowSeconds + 2 * 86_400)));
                    values.add(set("milliseconds where seconds are due", Long.toString(nowSeconds * 1000)));
                    values.add(set("before 2000", "946684799"));
                    values.add(set("zero", "0"));
                    values.add(set("Long.MAX_VALUE", Long.toString(Long.MAX_VALUE)));
                }
                if (this == MILLIS) {
                    values.add(set("two days ahead", Long.toString((nowSeconds + 2 * 86_400) * 1000)));
                    values.add(set("microseconds where milliseconds are due", Long.toString(nowSeconds * 1_000_000)));
                    values.add(set("seconds where milliseconds are due", Long.toString(nowSeconds)));
                    values.add(set("before 2000", "946684799999"));
                    values.add(set("zero", "0"));
                    values.add(set("Long.MAX_VALUE", Long.toString(Long.MAX_VALUE)));
                }
                if (this == SMALL_WHOLE) {
                    values.add(set("99", "99"));
                    values.add(set("Integer.MAX_VALUE", Integer.toString(Integer.MAX_VALUE)));
                }
            }
            case ORDER_ID -> {
                values.add(set("ten thousand digits", "\"" + TEN_THOUSAND_DIGITS + "\""));
                values.add(set("letters", "\"12ab\""));
                values.add(set("a line break", "\"12\\n34\""));
                values.add(set("empty", "\"\""));
                values.add(set("negative", "\"-1\""));
                values.add(set("an object", "{}"));
                values.add(set("null", "null"));
                values.add(missing(false));
                values.add(duplicated("\"1\""));
            }
            case NAME, OPTIONAL_NAME, SIDE_WORD -> {
                boolean optional = this != NAME;
                values.add(set("ten thousand characters", "\"" + "a".repeat(10_000) + "\""));
                values.add(set("a line break", "\"btc\\nusdt\""));
                values.add(set("a control character", "\"btc\\u0000\""));
                values.add(set("upper case", "\"BTC_USDT\""));
                values.add(set("empty", "\"\""));
                values.add(set("an object", "{}"));
                if (this == SIDE_WORD) {
                    values.add(set("a number", "12"));
                }
                values.add(optional ? set("null", "null").asTaken() : set("null", "null"));
                values.add(missing(optional));
                values.add(duplicated(this == SIDE_WORD ? "\"buy\"" : "\"btc\""));
            }
            case OPTIONAL_TEXT, TEXT -> {
                boolean optional = this == OPTIONAL_TEXT;
                values.add(set("ten thousand characters", "\"" + "a".repeat(10_000) + "\""));
                values.add(set("a line break", "\"a\\nb\""));
                values.add(set("an escape", "\"a\\u001b[31mb\""));
                values.add(set("an object", "{}"));
                values.add(optional ? set("null", "null").asTaken() : set("null", "null"));
                values.add(missing(optional));
                values.add(duplicated("\"x\""));
            }
            case FLAG -> {
                values.add(set("a number", "1"));
                values.add(set("a word", "\"yes\""));
                values.add(set("an object", "{}"));
                values.add(set("null", "null"));
                values.add(duplicated("false"));
            }
            default -> throw new IllegalStateException(name());
        }
        return values;
    }
}
