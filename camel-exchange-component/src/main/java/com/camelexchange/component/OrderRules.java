package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.model.ApiVariant;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.OrderType;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * What an order must satisfy before it is sent: positive price and amount within the market's scales
 * (or rounded down to them), the minimums of variant A, and no variant-A-only feature under variant B.
 */
final class OrderRules {
    static final int MAX_BATCH = 20;
    /** More integer digits than any price or amount of a real market; beyond it a value is a mistake. */
    static final int MAX_INTEGER_DIGITS = 15;
    private static final Pattern CUSTOMER_ORDER_ID = Pattern.compile("[A-Za-z0-9]{4,36}");
    private static final Pattern COIN = Pattern.compile("[a-z0-9]{2,12}");

    private OrderRules() {
    }

    /** A price within the market's scale: refused, or rounded down when {@code roundDown}. */
    static BigDecimal price(String source, BigDecimal price, Market market, boolean roundDown) {
        return scaled(source, price, market.priceScale(), roundDown, "price");
    }

    /** An amount within the market's scale, and (variant A) at least minAmount and minSize in value. */
    static BigDecimal amount(String source, BigDecimal amount, BigDecimal price, Market market, boolean roundDown,
                             ApiVariant variant) {
        BigDecimal scaled = scaled(source, amount, market.amountScale(), roundDown, "amount");
        if (variant == ApiVariant.A && market.minAmount() != null && scaled.compareTo(market.minAmount()) < 0) {
            throw new ExchangeValidationException(source, scaled.toPlainString() + " is below the minimum amount "
                    + market.minAmount().toPlainString() + " of " + market.name());
        }
        if (variant == ApiVariant.A && market.minSize() != null
            && price.multiply(scaled).compareTo(market.minSize()) < 0) {
            throw new ExchangeValidationException(source, "order value " + price.multiply(scaled).toPlainString()
                    + " is below the minimum " + market.minSize().toPlainString() + " " + market.quoteCoin()
                    + " of " + market.name());
        }
        return scaled;
    }

    private static BigDecimal scaled(String source, BigDecimal value, int scale, boolean roundDown, String what) {
        if (value == null) {
            throw new ExchangeValidationException(source, "a " + what + " is required");
        }
        BigDecimal result = value;
        if (value.stripTrailingZeros().scale() > scale) {
            if (!roundDown) {
                throw new ExchangeValidationException(source, value.toPlainString() + " has more than " + scale
                        + " decimals (set roundDown=true to round down instead)");
            }
            result = value.setScale(scale, RoundingMode.DOWN);
        }
        if (result.signum() <= 0) {
            throw new ExchangeValidationException(source, value.toPlainString() + " must be positive"
                    + (result != value ? " after rounding down to " + scale + " decimals" : ""));
        }
        if (result.precision() - result.scale() > MAX_INTEGER_DIGITS) {
            throw new ExchangeValidationException(source, value.toPlainString() + " is too large (more than "
                    + MAX_INTEGER_DIGITS + " integer digits)");
        }
        return result;
    }

    static Integer acctType(String source, Integer acctType) {
        if (acctType != null && acctType != 0 && acctType != 1) {
            throw new ExchangeValidationException(source, acctType + " is not an account type; allowed 0 (spot), 1 (margin)");
        }
        return acctType;
    }

    static String customerOrderId(String source, String id, ApiVariant variant) {
        if (id == null) {
            return null;
        }
        variantA(source, variant);
        if (!CUSTOMER_ORDER_ID.matcher(id).matches()) {
            throw new ExchangeValidationException(source, "'" + id + "' must be 4-36 letters or digits");
        }
        return id;
    }

    static OrderType orderType(String source, OrderType type, ApiVariant variant) {
        if (type != null && type != OrderType.LIMIT) {
            variantA(source, variant);
        }
        return type;
    }

    static void variantA(String what, ApiVariant variant) {
        if (variant != ApiVariant.A) {
            throw new ExchangeValidationException(what, "is a variant A feature; this endpoint speaks variant "
                    + variant);
        }
    }

    static int pageIndex(String source, int pageIndex) {
        if (pageIndex < 1) {
            throw new ExchangeValidationException(source, pageIndex + " is not a page; pages start at 1");
        }
        return pageIndex;
    }

    static int pageSize(String source, int pageSize, ApiVariant variant) {
        int max = variant == ApiVariant.A ? 10 : 100;
        if (pageSize < 1 || pageSize > max) {
            throw new ExchangeValidationException(source, pageSize + " is out of range; allowed 1-" + max
                    + " in variant " + variant);
        }
        return pageSize;
    }

    static String coin(String source, String coin) {
        if (coin == null || !COIN.matcher(coin).matches()) {
            throw new ExchangeValidationException(source, (coin == null ? "a coin" : "'" + coin + "'")
                    + " such as btc is required (lower-case letters or digits)");
        }
        return coin;
    }
}
