package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.model.KlineType;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The rules every parameter passes before a request is built, whether it came from the URI or from a
 * header. Each refusal names where the value came from and what is allowed.
 */
final class ParameterRules {
    static final int MAX_DEPTH = 50;
    static final int MAX_KLINE = 1000;
    private static final Pattern MARKET = Pattern.compile("[a-z0-9]+_[a-z0-9]+");

    private ParameterRules() {
    }

    static String market(String source, String value) {
        if (value == null || value.isBlank()) {
            throw new ExchangeValidationException(source, "a market such as btc_usdt is required");
        }
        if (!MARKET.matcher(value).matches()) {
            throw new ExchangeValidationException(source, "'" + value
                    + "' is not a market name; expected <trade_coin>_<pricing_coin> in lower case, e.g. btc_usdt");
        }
        return value;
    }

    static int depthSize(String source, Integer value) {
        return range(source, value, MAX_DEPTH, MAX_DEPTH);
    }

    static int klineSize(String source, Integer value) {
        return range(source, value, MAX_KLINE, MAX_KLINE);
    }

    private static int range(String source, Integer value, int max, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        if (value < 1 || value > max) {
            throw new ExchangeValidationException(source, value + " is out of range; allowed 1-" + max);
        }
        return value;
    }

    static KlineType klineType(String source, String value) {
        KlineType type = KlineType.fromWireName(value);
        if (type == null) {
            throw new ExchangeValidationException(source, "'" + value + "' is not a K-line type; allowed "
                    + KlineType.WIRE_NAMES.replace(",", ", "));
        }
        return type;
    }

    static BigDecimal merge(String source, BigDecimal value) {
        if (value != null && value.signum() <= 0) {
            throw new ExchangeValidationException(source, value.toPlainString() + " must be a positive price step");
        }
        return value;
    }

    /** A decimal option (kept as text): unset or blank is null, anything else must be a number. */
    static BigDecimal decimalOption(String source, String text) {
        return text == null || text.isBlank() ? null : decimal(source, text);
    }

    /** A decimal from a header or a body: a number, or text that reads as one; null stays null. */
    static BigDecimal decimal(String source, Object value) {
        if (value == null || value instanceof BigDecimal) {
            return (BigDecimal) value;
        }
        try {
            return new BigDecimal(value.toString().trim());
        } catch (NumberFormatException e) {
            throw new ExchangeValidationException(source, "'" + value + "' is not a number");
        }
    }

    static Long since(String source, Long value) {
        if (value != null && value < 0) {
            throw new ExchangeValidationException(source, value + " must not be negative");
        }
        return value;
    }

    static String url(String source, String value) {
        if (value == null || value.isBlank()) {
            throw new ExchangeValidationException(source, "an address such as http://127.0.0.1:8080 is required");
        }
        if (!value.startsWith("http://") && !value.startsWith("https://")) {
            throw new ExchangeValidationException(source, "'" + value + "' must start with http:// or https://");
        }
        return value;
    }
}
