package com.camelexchange.client;

import com.camelexchange.client.internal.MarketDirectory;
import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A client's market-data requests: the market a request names is checked against the market list before anything
 * is sent, and every piece of data that arrives, the market list included, is told to the client's tap.
 */
final class MarketDataCalls {
    private final MarketDataSource marketData;
    private final MarketDirectory directory;
    private final MarketDataListener tap;
    /**
     * The market list fetched now and told to the tap, not yet remembered: what the directory calls when its list
     * is missing or old, for this client's every check of a market or coin, signed calls' too.
     */
    private final Supplier<Map<String, Market>> fetchMarkets;

    MarketDataCalls(MarketDataSource marketData, MarketDirectory directory, MarketDataListener tap) {
        this.marketData = marketData;
        this.directory = directory;
        this.tap = tap;
        this.fetchMarkets = () -> seen(marketData.markets());
    }

    Supplier<Map<String, Market>> fetchMarkets() {
        return fetchMarkets;
    }

    /** The markets, fetched now and remembered for the checks of later requests. */
    Map<String, Market> markets() {
        return directory.remember(fetchMarkets.get());
    }

    private Map<String, Market> seen(Map<String, Market> markets) {
        tap.markets(markets);
        return markets;
    }

    Map<String, Ticker> allTicker() {
        Map<String, Ticker> tickers = marketData.allTicker(directory.pairToMarket(fetchMarkets));
        tickers.values().forEach(tap::ticker);
        return tickers;
    }

    Ticker ticker(GetTicker request) {
        directory.requireKnown(fetchMarkets, request.market());
        Ticker ticker = marketData.ticker(request.market());
        tap.ticker(ticker);
        return ticker;
    }

    Depth depth(GetDepth request) {
        directory.requireKnown(fetchMarkets, request.market());
        Depth depth = marketData.depth(request.market(), request.size(), request.merge());
        if (request.merge() == null) {
            // A merged book is buckets, not the market's levels: nothing to record or follow.
            tap.depth(depth);
        }
        return depth;
    }

    List<Trade> trades(GetTrades request) {
        directory.requireKnown(fetchMarkets, request.market());
        List<Trade> trades = marketData.trades(request.market(), request.since());
        tap.trades(trades);
        return trades;
    }

    Kline kline(GetKline request) {
        directory.requireKnown(fetchMarkets, request.market());
        Kline kline = marketData.kline(request.market(), request.type(), request.since(), request.size());
        tap.kline(kline);
        return kline;
    }
}
