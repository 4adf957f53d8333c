package com.camelexchange.component;

import org.apache.camel.spi.Metadata;

/** The message headers of the exchange component. A header with the same meaning as an option overrides it. */
public final class ExchangeConstants {

    @Metadata(description = "The market to work on, e.g. btc_usdt; overrides the market option (and an order"
                            + " body's market). On consumed messages and on the replies of operations on one"
                            + " market (not order): the market the body belongs to, so a later exchange: call on"
                            + " the same message works on that market unless the route changes or removes it.",
              javaType = "String")
    public static final String MARKET = "CamelExchangeMarket";

    @Metadata(description = "On consumed messages and producers' replies: the operation whose data the body is"
                            + " (ticker, allTicker, depth, trades, kline, markets, orders, withdrawals, getOrder and"
                            + " the other producer operations), so that a flow merging several sources can tell them"
                            + " apart without reading the body.", javaType = "String")
    public static final String OPERATION = "CamelExchangeOperation";

    @Metadata(label = "producer", description = "Depth: number of levels (1-50). K-line: maximum number of"
                                                + " candles (1-1000). Overrides the size option.",
              javaType = "Integer")
    public static final String SIZE = "CamelExchangeSize";

    @Metadata(label = "producer", description = "Depth: the merged-depth price step; overrides the merge option.",
              javaType = "java.math.BigDecimal")
    public static final String MERGE = "CamelExchangeMerge";

    @Metadata(description = "The K-line period, one of 1min, 3min, 5min, 15min, 30min, 1hour, 2hour, 4hour,"
                            + " 6hour, 12hour, 1day, 3day, 1week; overrides the type option. On consumed"
                            + " candles and K-line replies: their period.", javaType = "String")
    public static final String KLINE_TYPE = "CamelExchangeKlineType";

    @Metadata(label = "producer", description = "Trades: return the 50 trades after this trade id. K-line: return"
                                                + " candles from this time (epoch milliseconds). Overrides the"
                                                + " since option.", javaType = "Long")
    public static final String SINCE = "CamelExchangeSince";

    @Metadata(description = "When the exchange produced the data in the body (ticker date, depth timestamp, trade"
                            + " date, candle open time; a withdrawal event's manage time, else its submit time), on"
                            + " consumed messages and on ticker, depth and allTicker replies. allTicker replies carry"
                            + " no time: their tickers carry the time the reply arrived. Order events: when the"
                            + " consumer saw the change. markets messages carry none, nor do replies that are lists"
                            + " (trades, candles, orders): each element has its own.",
              javaType = "java.time.Instant")
    public static final String TIMESTAMP = "CamelExchangeTimestamp";

    @Metadata(description = "CamelExchangeTimestamp as epoch milliseconds, which the simple language can format,"
                            + " e.g. in a file name:"
                            + " ${date-with-timezone:header.CamelExchangeTimestampMillis:UTC:yyyyMMdd}"
                            + " (its date: function cannot format an Instant).",
              javaType = "Long")
    public static final String TIMESTAMP_MILLIS = "CamelExchangeTimestampMillis";

    @Metadata(label = "consumer", description = "The trade id of a consumed trade.", javaType = "Long")
    public static final String TRADE_ID = "CamelExchangeTradeId";

    @Metadata(description = "K-line replies: the trade coin as the exchange names it (symbol).", javaType = "String")
    public static final String KLINE_SYMBOL = "CamelExchangeKlineSymbol";

    @Metadata(description = "K-line replies: the pricing coin as the exchange names it (moneyType).",
              javaType = "String")
    public static final String KLINE_MONEY_TYPE = "CamelExchangeKlineMoneyType";

    @Metadata(description = "Order operations: the order number. Read by cancelOrder and getOrder; set by order,"
                            + " on getOrder replies (also when the order was asked for by its customer order id)"
                            + " and on the events of the orders consumer.", javaType = "String")
    public static final String ORDER_ID = "CamelExchangeOrderId";

    @Metadata(label = "producer", description = "Variant A: the customer order id (4-36 letters or digits). Read by"
                                                + " order (overrides the body's), cancelOrder and getOrder. Set by"
                                                + " order to the id it placed the order with, generated when the"
                                                + " message gives none; a later order call on the same message"
                                                + " generates its own, and only a redelivery of the same order"
                                                + " reuses it.", javaType = "String")
    public static final String CUSTOMER_ORDER_ID = "CamelExchangeCustomerOrderId";

    @Metadata(label = "producer", description = "Variant A, order: what identifies the message durably wherever it"
                                                + " is redelivered (a JMS message id, a Kafka topic, partition and"
                                                + " offset, a file name; at most 1000 characters). When the message"
                                                + " names no customer order id, the order is placed with one"
                                                + " derived from this key (32 hex digits of its SHA-256), so a"
                                                + " redelivery on any instance finds the order instead of placing"
                                                + " a second one; a second order placed on the same message gets"
                                                + " the next id derived from it. The parts of a split share their"
                                                + " headers: give each part a key of its own.", javaType = "String")
    public static final String IDEMPOTENCY_KEY = "CamelExchangeIdempotencyKey";

    @Metadata(label = "producer", description = "order: the price; overrides the body's.",
              javaType = "java.math.BigDecimal")
    public static final String PRICE = "CamelExchangePrice";

    @Metadata(label = "producer", description = "order: the amount; overrides the body's.",
              javaType = "java.math.BigDecimal")
    public static final String AMOUNT = "CamelExchangeAmount";

    @Metadata(label = "producer", description = "order, orderMoreV2, getOrders: buy or sell (also 1 or 0).",
              javaType = "String")
    public static final String TRADE_TYPE = "CamelExchangeTradeType";

    @Metadata(label = "producer", description = "order, orderMoreV2: 0 spot, 1 margin.", javaType = "Integer")
    public static final String ACCT_TYPE = "CamelExchangeAcctType";

    @Metadata(label = "producer", description = "order (variant A): limit, postOnly or ioc.", javaType = "String")
    public static final String ORDER_TYPE = "CamelExchangeOrderType";

    @Metadata(label = "producer", description = "Paged queries: the page, 1-10000.", javaType = "Integer")
    public static final String PAGE_INDEX = "CamelExchangePageIndex";

    @Metadata(label = "producer", description = "Paged queries: records per page.", javaType = "Integer")
    public static final String PAGE_SIZE = "CamelExchangePageSize";

    @Metadata(description = "Address and withdrawal queries: the coin, e.g. btc. On the events of the withdrawals"
                            + " consumer: their coin.", javaType = "String")
    public static final String COIN = "CamelExchangeCoin";

    @Metadata(label = "producer", description = "order, orderMoreV2: true when the orders were found rather than"
                                                + " answered: their reply was lost, or a redelivery found them"
                                                + " placed (by customerOrderId in variant A, otherwise by market,"
                                                + " side, price and amount since the call).", javaType = "Boolean")
    public static final String ORDER_RECOVERED = "CamelExchangeOrderRecovered";

    @Metadata(label = "consumer", description = "orders consumer: what happened to the order, one of NEW,"
                                                + " PARTIALLY_FILLED, FILLED, CANCELLED (the body is an"
                                                + " OrderEvent).", javaType = "String")
    public static final String ORDER_EVENT = "CamelExchangeOrderEvent";

    @Metadata(label = "consumer", description = "withdrawals consumer: what happened to the withdrawal, NEW or"
                                                + " STATUS_CHANGED (the body is a WithdrawalEvent).",
              javaType = "String")
    public static final String WITHDRAWAL_EVENT = "CamelExchangeWithdrawalEvent";

    @Metadata(label = "consumer", description = "withdrawals consumer: the id of the withdrawal record.",
              javaType = "Long")
    public static final String WITHDRAWAL_ID = "CamelExchangeWithdrawalId";

    private ExchangeConstants() {
    }
}
