package com.camelexchange.client;

import com.camelexchange.client.Decimals;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Market;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What a price or amount must satisfy on its market, checked just before an order is sent: no more
 * decimals than the market's scale (or rounded down to it with {@code roundDown}), still positive, and in
 * variant A at least the market's minimum amount and minimum order value. The numbers arrive within
 * {@link Decimals}' bounds, so rescaling them is safe.
 */
final class MarketRules {
    private MarketRules() {
    }

    /** A price within the market's scale: refused, or rounded down when {@code roundDown}. */
    static BigDecimal price(String source, BigDecimal price, Market market, boolean roundDown) {
        return scaled(source, price, market, market.priceScale(), roundDown);
    }

    /** An amount within the market's scale, and (variant A) at least minAmount and minSize in value. */
    static BigDecimal amount(String source, BigDecimal amount, BigDecimal price, Market market, boolean roundDown,
                             ApiVariant variant) {
        BigDecimal scaled = scaled(source, amount, market, market.amountScale(), roundDown);
        if (variant == ApiVariant.A && market.minAmount() != null && scaled.compareTo(market.minAmount()) < 0) {
            throw new ExchangeValidationException(source, scaled.toPlainString() + " is below the minimum amount "
                    + market.minAmount().toPlainString() + " of " + market.name());
        }
        BigDecimal value = price.multiply(scaled);
        if (variant == ApiVariant.A && market.minSize() != null && value.compareTo(market.minSize()) < 0) {
            throw new ExchangeValidationException(source, "order value " + value.toPlainString()
                    + " is below the minimum " + market.minSize().toPlainString() + " " + market.quoteCoin()
                    + " of " + market.name());
        }
        return scaled;
    }

    private static BigDecimal scaled(String source, BigDecimal value, Market market, int scale, boolean roundDown) {
        if (value.stripTrailingZeros().scale() <= scale) {
            return value;
        }
        if (!roundDown) {
            throw new ExchangeValidationException(source, value.toPlainString() + " has more than " + scale
                    + " decimals, the scale of " + market.name() + " (set roundDown=true to round down instead)");
        }
        BigDecimal rounded = value.setScale(scale, RoundingMode.DOWN);
        if (rounded.signum() <= 0) {
            throw new ExchangeValidationException(source, value.toPlainString() + " is zero once rounded down to "
                    + scale + " decimals, the scale of " + market.name());
        }
        return rounded;
    }
}
