package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetAllTicker;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.model.Ticker;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tickers of all markets each poll: one item per market (a {@link Ticker}), or unsplit one item with the whole
 * map, keyed by market name with underscore. The reply is the shared {@code allTicker} reply, which also serves the
 * ticker consumers of the same reads when that costs less.
 */
public final class PolledAllTicker implements PolledData {
    private final boolean split;
    private SharedReader reads;
    private Runnable interest = () -> { };

    public PolledAllTicker(boolean split) {
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
            // The consumer's own map: the reply is shared with other consumers.
            Map<String, Ticker> copy = new LinkedHashMap<>(tickers);
            return List.of(new Item(copy));
        }
        return tickers.values().stream().map(Item::new).toList();
    }
}
