package com.camelexchange.component.request;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.MarketNames;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderType;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * The rules each parameter passes whatever its source (an option, a header, a body), as far as they need
 * no market data. Each refusal names the source of the value and what is allowed, and repeats the value
 * only cut short.
 */
final class FieldRules {
    static final int MAX_DEPTH = 50;
    static final int MAX_KLINE = 1000;
    static final int MAX_BATCH = 20;
    /**
     * A million records deep at 100 a page, beyond any real account's listing. An index near the integer
     * limit is a mistake, and the offset it asks for (index times page size) would overflow a 32-bit integer.
     */
    static final int MAX_PAGE_INDEX = 10_000;
    /** More integer digits than any price or amount of a real market; beyond it a value is a mistake. */
    static final int MAX_INTEGER_DIGITS = 15;
    private static final Pattern CUSTOMER_ORDER_ID = Pattern.compile("[A-Za-z0-9]{4,36}");
    private static final int MAX_IDEMPOTENCY_KEY = 1000;

    private FieldRules() {
    }

    static String market(String source, String value) {
        if (value == null || value.isBlank()) {
            throw new ExchangeValidationException(source, "a market such as btc_usdt is required");
        }
        if (!MarketNames.isMarket(value)) {
            throw new ExchangeValidationException(source, "'" + Echo.of(value)
                    + "' is not a market name; expected <trade_coin>_<pricing_coin> in lower case, e.g. btc_usdt");
        }
        return value;
    }

    static OrderSide side(String source, String text) {
        OrderSide side = OrderSide.parse(text);
        if (side == null) {
            throw new ExchangeValidationException(source, (text == null ? "a side" : "'" + Echo.of(text) + "'")
                    + " must be buy or sell (or 1 or 0)");
        }
        return side;
    }

    static OrderType orderType(String source, String text, ApiVariant variant) {
        OrderType type = OrderType.parse(text);
        if (type == null) {
            throw new ExchangeValidationException(source, "'" + Echo.of(text) + "' is not limit, postOnly or ioc");
        }
        return orderType(source, type, variant);
    }

    static OrderType orderType(String source, OrderType type, ApiVariant variant) {
        if (type != null && type != OrderType.LIMIT) {
            variantA(source, variant);
        }
        return type;
    }

    static Integer acctType(String source, Integer acctType) {
        if (acctType != null && acctType != 0 && acctType != 1) {
            throw new ExchangeValidationException(source, acctType + " is not an account type; allowed 0 (spot),"
                    + " 1 (margin)");
        }
        return acctType;
    }

    static String customerOrderId(String source, String id, ApiVariant variant) {
        if (id == null) {
            return null;
        }
        variantA(source, variant);
        if (!CUSTOMER_ORDER_ID.matcher(id).matches()) {
            throw new ExchangeValidationException(source, "'" + Echo.of(id) + "' must be 4-36 letters or digits");
        }
        return id;
    }

    static String idempotencyKey(String source, String key, ApiVariant variant) {
        if (key == null) {
            return null;
        }
        // A variant B order carries no id of its own, so a redelivery could not find it: say so, not ignore it.
        variantA(source, variant);
        if (key.isBlank() || key.length() > MAX_IDEMPOTENCY_KEY) {
            throw new ExchangeValidationException(source, "must be 1-" + MAX_IDEMPOTENCY_KEY
                                                          + " characters, not blank; got " + key.length());
        }
        return key;
    }

    static long orderId(String source, long id) {
        if (id < 1) {
            throw new ExchangeValidationException(source, id + " is not an order number");
        }
        return id;
    }

    static void variantA(String what, ApiVariant variant) {
        if (variant != ApiVariant.A) {
            throw new ExchangeValidationException(what, "is a variant A feature; this endpoint speaks variant "
                    + variant);
        }
    }

    /**
     * A price or an amount: required, positive, at most {@link #MAX_INTEGER_DIGITS} integer digits. Its
     * scale and precision are within {@link Decimals}' bounds once read; a value built in Java is checked
     * here before anything formats it.
     */
    static BigDecimal positive(String source, BigDecimal value, String what) {
        if (value == null) {
            throw new ExchangeValidationException(source, "a " + what + " is required");
        }
        if (!Decimals.withinBounds(value)) {
            throw new ExchangeValidationException(source, Decimals.problem(value));
        }
        if (value.signum() <= 0) {
            throw new ExchangeValidationException(source, "'" + Echo.of(value) + "' must be positive");
        }
        if (value.precision() - value.scale() > MAX_INTEGER_DIGITS) {
            throw new ExchangeValidationException(source, "'" + Echo.of(value) + "' is too large (more than "
                    + MAX_INTEGER_DIGITS + " integer digits)");
        }
        return value;
    }

    static int depthSize(String source, Integer value) {
        return range(source, value, 1, MAX_DEPTH, MAX_DEPTH);
    }

    static int klineSize(String source, Integer value) {
        return range(source, value, 1, MAX_KLINE, MAX_KLINE);
    }

    static KlineType klineType(String source, String value) {
        KlineType type = KlineType.fromWireName(value);
        if (type == null) {
            throw new ExchangeValidationException(source, "'" + Echo.of(value) + "' is not a K-line type; allowed "
                    + KlineType.WIRE_NAMES.replace(",", ", "));
        }
        return type;
    }

    static BigDecimal merge(String source, BigDecimal value) {
        if (value != null && value.signum() <= 0) {
            throw new ExchangeValidationException(source, "'" + Echo.of(value) + "' must be a positive price step");
        }
        return value;
    }

    static Long since(String source, Long value) {
        if (value != null && value < 0) {
            throw new ExchangeValidationException(source, value + " must not be negative");
        }
        return value;
    }

    static int pageIndex(String source, int pageIndex) {
        if (pageIndex < 1) {
            throw new ExchangeValidationException(source, pageIndex + " is not a page; pages start at 1");
        }
        if (pageIndex > MAX_PAGE_INDEX) {
            throw new ExchangeValidationException(source, pageIndex + " is out of range; allowed 1-" + MAX_PAGE_INDEX);
        }
        return pageIndex;
    }

    /** Records per page of an order query: the exchange returns at most 10 in variant A. */
    static int orderPageSize(String source, int pageSize, ApiVariant variant) {
        return range(source, pageSize, 1, variant == ApiVariant.A ? 10 : 100, null);
    }

    /** Records per page of the withdrawal records. */
    static int recordPageSize(String source, int pageSize) {
        return range(source, pageSize, 1, 100, null);
    }

    static String coin(String source, String coin) {
        if (coin == null || !MarketNames.isCoin(coin)) {
            throw new ExchangeValidationException(source, (coin == null ? "a coin" : "'" + Echo.of(coin) + "'")
                    + " such as btc is required (lower-case letters or digits)");
        }
        return coin;
    }

    static int batchSize(int pairs) {
        if (pairs < 1 || pairs > MAX_BATCH) {
            throw new ExchangeValidationException("body", pairs + " orders; a batch holds 1-" + MAX_BATCH);
        }
        return pairs;
    }

    /** A whole-number option or value within {@code [min, max]}; {@code defaultValue} when null. */
    static int range(String source, Integer value, int min, int max, Integer defaultValue) {
        if (value == null) {
            if (defaultValue == null) {
                throw new ExchangeValidationException(source, "a value " + min + "-" + max + " is required");
            }
            return defaultValue;
        }
        if (value < min || value > max) {
            throw new ExchangeValidationException(source, value + " is out of range; allowed " + min + "-" + max);
        }
        return value;
    }

    static long atLeast(String source, long value, long min) {
        if (value < min) {
            throw new ExchangeValidationException(source, value + " is out of range; at least " + min);
        }
        return value;
    }
}
