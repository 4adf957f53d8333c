package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetAllTicker;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeOperation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tickers of all markets each poll: one message per market, keyed by its name with underscore (header
 * {@code CamelExchangeMarket}), or with {@code splitResult=false} one message with the whole map. The reply is
 * the component's shared {@code allTicker} reply, which also serves its ticker consumers when that costs less.
 */
final class PolledAllTicker implements PolledData {
    private final boolean split;
    private SharedReader reads;
    private Runnable interest = () -> { };

    PolledAllTicker(boolean split) {
        this.split = split;
    }

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
        interest = reads.wantTickers(null);
    }

    @Override
    public void stop() {
        interest.run();
    }

    @Override
    public List<Item> poll(Poll poll) {
        Map<String, Ticker> tickers = reads.read(new GetAllTicker());
        if (!split) {
            // The route's own map: the reply is shared with other routes.
            Map<String, Ticker> copy = new LinkedHashMap<>(tickers);
            return List.of(new Item(copy, MessageHeaders.allTickers(copy)));
        }
        return tickers.values().stream()
                .map(t -> new Item(t, MessageHeaders.ticker(t, ExchangeOperation.allTicker)))
                .toList();
    }
}
