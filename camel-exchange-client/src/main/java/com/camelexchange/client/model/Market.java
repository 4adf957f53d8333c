package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;

import java.math.BigDecimal;

/**
 * The configuration of one market: its scales and, in variant A, its minimums.
 *
 * @param name        {@code <trade_coin>_<pricing_coin>}, e.g. {@code btc_usdt}
 * @param minAmount   smallest order amount in the trade coin; null where the variant does not publish it (B)
 * @param minSize     smallest order value in the pricing coin; null where the variant does not publish it (B)
 */
public record Market(String name, int priceScale, int amountScale, @JsonDecimal BigDecimal minAmount,
                     @JsonDecimal BigDecimal minSize) {

    /** The trade coin, e.g. {@code btc}. */
    public String baseCoin() {
        return name.substring(0, name.indexOf('_'));
    }

    /** The pricing coin, e.g. {@code usdt}. */
    public String quoteCoin() {
        return name.substring(name.indexOf('_') + 1);
    }

    /** The name without underscore, as {@code allTicker} keys markets: {@code btcusdt}. */
    public String pairCode() {
        return name.replace("_", "");
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
