package com.camelexchange.simulator.market;

/** The side of an order; the wire value of {@code tradeType} is 1 for buy and 0 for sell. */
public enum Side {
    BUY(1),
    SELL(0);

    private final int wire;

    Side(int wire) {
        this.wire = wire;
    }

    public int wire() {
        return wire;
    }

    public Side opposite() {
        return this == BUY ? SELL : BUY;
    }

    public static Side fromWire(int tradeType) {
        return switch (tradeType) {
            case 1 -> BUY;
            case 0 -> SELL;
            default -> throw new IllegalArgumentException("tradeType must be 1 (buy) or 0 (sell): " + tradeType);
        };
    }
}
