package com.camelexchange.simulator.market;

import java.math.BigDecimal;
import java.util.List;

/** The markets a simulator opens unless it is told otherwise. */
public final class Markets {
    private Markets() {
    }

    public static List<MarketSpec> defaults() {
        return List.of(
                spec("btc_usdt", 2, 4, "0.0001", "1", "65000"),
                spec("eth_usdt", 2, 4, "0.001", "1", "3200"),
                spec("ltc_usdt", 2, 3, "0.01", "1", "85"),
                spec("xrp_usdt", 4, 1, "1", "1", "0.52"),
                spec("ltc_btc", 6, 2, "0.01", "0.0001", "0.0013"),
                spec("eth_btc", 5, 3, "0.001", "0.0001", "0.049"));
    }

    private static MarketSpec spec(String name, int priceScale, int amountScale, String minAmount, String minSize,
                                   String price) {
        return new MarketSpec(name, priceScale, amountScale, new BigDecimal(minAmount), new BigDecimal(minSize),
                new BigDecimal(price));
    }
}
