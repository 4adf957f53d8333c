package com.camelexchange.component;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.paper.LiveMarket;

import java.util.List;
import java.util.Map;

/**
 * The live market for the paper exchange and the recorder, read with a client of the component's (its transport,
 * limits and market list; no keys) and followed with consumers of its own.
 */
final class LiveMarketAccess implements LiveMarket {
    /** The deepest book the service gives. */
    private static final int FULL_DEPTH = 50;

    private final ExchangeComponent component;
    private final boolean streaming;
    private final long pollDelay;
    private volatile ExchangeClient client;

    LiveMarketAccess(ExchangeComponent component, boolean streaming, long pollDelay) {
        this.component = component;
        this.streaming = streaming;
        this.pollDelay = pollDelay;
    }

    private ExchangeClient client() {
        ExchangeClient existing = client;
        if (existing == null) {
            synchronized (this) {
                if (client == null) {
                    ExchangeConfiguration conf = component.getConfiguration().copy();
                    conf.setAccessKey(null);
                    conf.setSecretKey(null);
                    client = component.newClient(conf);
                }
                existing = client;
            }
        }
        return existing;
    }

    @Override
    public Map<String, Market> markets() {
        return client().markets();
    }

    @Override
    public Depth depth(String market) {
        return client().call(new GetDepth(market, FULL_DEPTH, null));
    }

    @Override
    public List<Trade> trades(String market) {
        return client().call(new GetTrades(market, null));
    }

    @Override
    public AutoCloseable follow(String market, Long afterTid, MarketDataListener listener) {
        return MarketFollow.start(component, market, afterTid, listener, streaming, pollDelay);
    }
}
