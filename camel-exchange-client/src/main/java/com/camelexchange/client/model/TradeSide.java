package com.camelexchange.client.model;

/** The side of the order that took liquidity in a public trade. */
public enum TradeSide {
    /** The buyer took: {@code trade_type=bid}, {@code type=buy}. */
    BUY,
    /** The seller took: {@code trade_type=ask}, {@code type=sell}. */
    SELL
}
