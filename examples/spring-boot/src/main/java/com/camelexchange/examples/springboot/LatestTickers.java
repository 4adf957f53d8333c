package com.camelexchange.examples.springboot;

import com.camelexchange.client.model.Ticker;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The newest ticker of every market, written by the polling route and read by the REST API. */
@Component
public class LatestTickers {
    private final Map<String, Ticker> byMarket = new ConcurrentHashMap<>();

    public void update(Ticker ticker) {
        byMarket.put(ticker.market(), ticker);
    }

    public Optional<Ticker> of(String market) {
        return Optional.ofNullable(byMarket.get(market));
    }
}
