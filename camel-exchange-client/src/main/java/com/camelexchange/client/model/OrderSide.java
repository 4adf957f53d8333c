package com.camelexchange.client.model;

import com.fasterxml.jackson.annotation.JsonCreator;

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

    /**
     * The value of a JSON field: the name as written ({@code BUY}) or anything {@link #parse} accepts, so that
     * a hand-written order unmarshals like one the component wrote. Blank is no value (XML writes null so).
     */
    @JsonCreator
    public static OrderSide fromJson(String text) {
        OrderSide side = parse(text);
        if (side == null && text != null && !text.isBlank()) {
            String shown = String.valueOf(text).length() <= 40 ? text : text.substring(0, 40) + "...";
            throw new IllegalArgumentException("'" + shown + "' is not buy or sell");
        }
        return side;
    }
}
