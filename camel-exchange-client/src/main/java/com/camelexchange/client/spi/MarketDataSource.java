package com.camelexchange.client.spi;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Where a client's market-data reads are answered: the exchange over HTTP (the client's own), or another source
 * that answers the same questions in-process, such as a backtest's recording as of its current event. The client
 * checks what a read names before it asks, and tells its tap what the source gave, whichever source it is.
 */
public interface MarketDataSource {

    Map<String, Market> markets();

    /** @param pairToMarket maps {@code btcusdt}-style keys to market names */
    Map<String, Ticker> allTicker(Map<String, String> pairToMarket);

    Ticker ticker(String market);

    /** @param merge null for exact levels */
    Depth depth(String market, int size, BigDecimal merge);

    /** The 50 trades after {@code since}, or the latest 50 when it is null; in tid order. */
    List<Trade> trades(String market, Long since);

    /** @param since null for the latest candles; otherwise candles from this open time (epoch ms) */
    Kline kline(String market, KlineType type, Long since, int size);
}
