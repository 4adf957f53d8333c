package com.camelexchange.component;

/**
 * The operations an {@code exchange:} endpoint performs, named as in the exchange's API. Market-data
 * operations work as producers and polling consumers; signed operations are producers only, except
 * {@link #orders} and {@link #withdrawals}, which are consumers only (see {@link #consumerOnly()}).
 */
public enum ExchangeOperation {
    /** The configuration of every market: price and amount scales, minimum sizes. */
    markets(false, false),
    /** The tickers of all markets. */
    allTicker(false, false),
    /** The ticker of one market. */
    ticker(true, false),
    /** The order book of one market. */
    depth(true, false),
    /** Public trades of one market. */
    trades(true, false),
    /** K-line candles of one market. */
    kline(true, false),
    /** Place one order. */
    order(true, true),
    /** Place up to 20 orders of one side in one request (variant A). */
    orderMoreV2(true, true),
    /** Cancel an order by id or customerOrderId. */
    cancelOrder(true, true),
    /** One order by id or customerOrderId. */
    getOrder(true, true),
    /** A page of the orders of one side. */
    getOrders(true, true),
    /** A page of the orders of both sides. */
    getOrdersIgnoreTradeType(true, true),
    /** A page of the open and partly filled orders; empty when there are none. */
    getUnfinishedOrdersIgnoreTradeType(true, true),
    /** Balances, user data and the permissions of the key. */
    getAccountInfo(false, true),
    /** The deposit address of a coin. */
    getUserAddress(false, true),
    /** The withdrawal address of a coin. */
    getWithdrawAddress(false, true),
    /** A page of the withdrawals of a coin. */
    getWithdrawRecord(false, true),
    /** Consumer only: one message per state change of the account's orders in one market. */
    orders(true, true, true),
    /** Consumer only: one message per new withdrawal record of a coin and per status change. */
    withdrawals(false, true, true);

    public static final String NAMES = "markets,allTicker,ticker,depth,trades,kline,order,orderMoreV2,cancelOrder,"
                                       + "getOrder,getOrders,getOrdersIgnoreTradeType,"
                                       + "getUnfinishedOrdersIgnoreTradeType,getAccountInfo,getUserAddress,"
                                       + "getWithdrawAddress,getWithdrawRecord,orders,withdrawals";

    private final boolean needsMarket;
    private final boolean signed;
    private final boolean consumerOnly;

    ExchangeOperation(boolean needsMarket, boolean signed) {
        this(needsMarket, signed, false);
    }

    ExchangeOperation(boolean needsMarket, boolean signed, boolean consumerOnly) {
        this.needsMarket = needsMarket;
        this.signed = signed;
        this.consumerOnly = consumerOnly;
    }

    /** Whether the operation works on one market and so needs the {@code market} option (or header). */
    public boolean needsMarket() {
        return needsMarket;
    }

    /** Whether the operation is a signed call of the trade API (a producer only, unless {@link #consumerOnly()}). */
    public boolean signed() {
        return signed;
    }

    /** Whether the operation is an event stream that only a consumer ({@code from(...)}) can read. */
    public boolean consumerOnly() {
        return consumerOnly;
    }

    /**
     * The operation a URI names.
     *
     * @throws IllegalArgumentException naming the allowed ones, when it names none
     */
    public static ExchangeOperation named(String name) {
        for (ExchangeOperation op : values()) {
            if (op.name().equals(name)) {
                return op;
            }
        }
        throw new IllegalArgumentException("Unknown exchange operation '" + name + "'; allowed: "
                                           + NAMES.replace(",", ", "));
    }
}
