package com.camelexchange.component.model;

/** The side of an order; {@code tradeType} 1 is buy, 0 is sell. */
public enum OrderSide {
    BUY(1),
    SELL(0);

    private final int tradeType;

    OrderSide(int tradeType) {
        this.tradeType = tradeType;
    }

    /** The wire value of {@code tradeType} / {@code type}. */
    public int tradeType() {
        return tradeType;
    }

    /** Accepts 1/0, buy/sell or bid/ask in any case; null for anything else. */
    public static OrderSide parse(String text) {
        if (text == null) {
            return null;
        }
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "1", "buy", "bid" -> BUY;
            case "0", "sell", "ask" -> SELL;
            default -> null;
        };
    }
}
