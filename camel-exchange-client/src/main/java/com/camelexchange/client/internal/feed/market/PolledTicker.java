package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.model.Ticker;

import java.util.List;

/**
 * The ticker of one market each poll; with {@code onlyChanges}, only when a price or the volume changed since
 * this consumer's last one. Read from the shared {@code allTicker} reply when that costs fewer requests
 * than a {@code ticker} per market (see {@link com.camelexchange.client.internal.feed.TickerInterest}).
 */
public final class PolledTicker implements PolledData {
    private final GetTicker request;
    private final boolean onlyChanges;
    private SharedReader reads;
    private Runnable interest = () -> { };
    // Set when a ticker was delivered, which may be on another thread.
    private volatile Ticker lastEmitted;

    public PolledTicker(GetTicker request, boolean onlyChanges) {
        this.request = request;
        this.onlyChanges = onlyChanges;
    }

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
        interest = reads.wantTickers(request.market());
    }

    @Override
    public void stop() {
        interest.run();
    }

    @Override
    public List<Item> poll(Poll poll) {
        Ticker ticker = reads.ticker(request);
        if (onlyChanges && ticker.sameValues(lastEmitted)) {
            return List.of();
        }
        return List.of(new Item(ticker, () -> lastEmitted = ticker));
    }
}
