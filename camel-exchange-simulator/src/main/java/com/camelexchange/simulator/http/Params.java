package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.ExchangeError;

import java.math.BigDecimal;
import java.util.Map;

/**
 * Typed access to the decoded query parameters; malformed values are refused with 3005. Messages name
 * the parameter and never repeat more than a short prefix of a value.
 */
final class Params {
    private final Map<String, String> values;

    Params(Map<String, String> values) {
        this.values = values;
    }

    Map<String, String> asMap() {
        return values;
    }

    String get(String name) {
        String v = values.get(name);
        return v == null || v.isEmpty() ? null : v;
    }

    String required(String name) {
        String v = get(name);
        if (v == null) {
            throw ExchangeError.invalidArguments(name + " is required");
        }
        return v;
    }

    Long optionalLong(String name) {
        String v = get(name);
        if (v == null) {
            return null;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw ExchangeError.invalidArguments(name + " must be an integer");
        }
    }

    int intOr(String name, int defaultValue) {
        Long v = optionalLong(name);
        if (v == null) {
            return defaultValue;
        }
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw ExchangeError.invalidArguments(name + " is out of range");
        }
        return v.intValue();
    }

    /**
     * A required decimal within the bounds of {@link BoundedDecimal}, or the given error code (3002 for
     * prices, 3003 for amounts, 3005 otherwise). Whether it is positive is the caller's rule.
     */
    BigDecimal decimal(String name, int errorCode) {
        return BoundedDecimal.parse(required(name), name, errorCode);
    }

    /** A value that must be one of 0 and 1 when present. */
    int zeroOrOne(String name, int defaultValue) {
        int v = intOr(name, defaultValue);
        if (v != 0 && v != 1) {
            throw ExchangeError.invalidArguments(name + " must be 0 or 1");
        }
        return v;
    }
}
