package com.camelexchange.simulator.market;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * The configuration of one market, as served by {@code /data/v1/markets}.
 *
 * @param name         market name {@code <trade_coin>_<pricing_coin>}, e.g. {@code btc_usdt}
 * @param priceScale   decimal places allowed in a price
 * @param amountScale  decimal places allowed in an amount
 * @param minAmount    smallest order amount, in the trade coin (variant A)
 * @param minSize      smallest order value (price x amount), in the pricing coin (variant A)
 * @param initialPrice where synthetic activity starts the price
 */
public record MarketSpec(String name, int priceScale, int amountScale, BigDecimal minAmount, BigDecimal minSize,
                         BigDecimal initialPrice) {

    public MarketSpec {
        Objects.requireNonNull(name, "name");
        int underscore = name.indexOf('_');
        if (underscore <= 0 || underscore != name.lastIndexOf('_') || underscore == name.length() - 1) {
            throw new IllegalArgumentException("Market name must look like base_quote: " + name);
        }
        if (priceScale < 0 || amountScale < 0) {
            throw new IllegalArgumentException("Scales must not be negative: " + name);
        }
        initialPrice = initialPrice.setScale(priceScale, java.math.RoundingMode.HALF_UP);
    }

    /** The trade coin, e.g. {@code btc}. */
    public String baseCoin() {
        return name.substring(0, name.indexOf('_'));
    }

    /** The pricing coin, e.g. {@code usdt}. */
    public String quoteCoin() {
        return name.substring(name.indexOf('_') + 1);
    }

    /** The key of this market in the {@code allTicker} reply and in WebSocket channels: no underscore. */
    public String pairCode() {
        return baseCoin() + quoteCoin();
    }

    /** The smallest price step. */
    public BigDecimal tick() {
        return BigDecimal.ONE.movePointLeft(priceScale);
    }
}
