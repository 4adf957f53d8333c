package com.camelexchange.component;

import org.apache.camel.spi.Metadata;

/** The message headers of the exchange component. A header with the same meaning as an option overrides it. */
public final class ExchangeConstants {

    @Metadata(description = "The market to work on, e.g. btc_usdt; overrides the market option. On consumed"
                            + " messages: the market the body belongs to.", javaType = "String")
    public static final String MARKET = "CamelExchangeMarket";

    @Metadata(label = "producer", description = "Depth: number of levels (1-50). K-line: maximum number of"
                                                + " candles (1-1000). Overrides the size option.",
              javaType = "Integer")
    public static final String SIZE = "CamelExchangeSize";

    @Metadata(label = "producer", description = "Depth: the merged-depth price step; overrides the merge option.",
              javaType = "java.math.BigDecimal")
    public static final String MERGE = "CamelExchangeMerge";

    @Metadata(description = "The K-line period, one of 1min, 3min, 5min, 15min, 30min, 1hour, 2hour, 4hour,"
                            + " 6hour, 12hour, 1day, 3day, 1week; overrides the type option. On consumed"
                            + " candles: their period.", javaType = "String")
    public static final String KLINE_TYPE = "CamelExchangeKlineType";

    @Metadata(label = "producer", description = "Trades: return the 50 trades after this trade id. K-line: return"
                                                + " candles from this time (epoch milliseconds). Overrides the"
                                                + " since option.", javaType = "Long")
    public static final String SINCE = "CamelExchangeSince";

    @Metadata(label = "consumer", description = "When the exchange produced the data in the body (ticker date,"
                                                + " depth timestamp, trade date, candle open time).",
              javaType = "java.time.Instant")
    public static final String TIMESTAMP = "CamelExchangeTimestamp";

    @Metadata(label = "consumer", description = "The trade id of a consumed trade.", javaType = "Long")
    public static final String TRADE_ID = "CamelExchangeTradeId";

    @Metadata(description = "K-line replies: the trade coin as the exchange names it (symbol).", javaType = "String")
    public static final String KLINE_SYMBOL = "CamelExchangeKlineSymbol";

    @Metadata(description = "K-line replies: the pricing coin as the exchange names it (moneyType).",
              javaType = "String")
    public static final String KLINE_MONEY_TYPE = "CamelExchangeKlineMoneyType";

    private ExchangeConstants() {
    }
}
