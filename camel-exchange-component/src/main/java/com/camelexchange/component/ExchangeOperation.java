package com.camelexchange.component;

/**
 * The operations an {@code exchange:} endpoint performs, named as in the exchange's API. Each market-data
 * operation works as a producer and as a polling consumer.
 */
public enum ExchangeOperation {
    /** The configuration of every market: price and amount scales, minimum sizes. */
    markets(false),
    /** The tickers of all markets. */
    allTicker(false),
    /** The ticker of one market. */
    ticker(true),
    /** The order book of one market. */
    depth(true),
    /** Public trades of one market. */
    trades(true),
    /** K-line candles of one market. */
    kline(true);

    private final boolean needsMarket;

    ExchangeOperation(boolean needsMarket) {
        this.needsMarket = needsMarket;
    }

    /** Whether the operation works on one market and so needs the {@code market} option. */
    public boolean needsMarket() {
        return needsMarket;
    }

    public static final String NAMES = "markets,allTicker,ticker,depth,trades,kline";
}
