package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeOperation;

import java.util.List;

/**
 * The ticker of one market each poll; with {@code onlyChanges}, only when a price or the volume changed since
 * this route's last one. Read from the component's shared {@code allTicker} reply when that costs fewer requests
 * than a {@code ticker} per market (see {@link TickerInterest}).
 */
final class PolledTicker implements PolledData {
    private final GetTicker request;
    private final boolean onlyChanges;
    private SharedReader reads;
    private Runnable interest = () -> { };
    // Set when a ticker's exchange completes, which may be on another thread.
    private volatile Ticker lastEmitted;

    PolledTicker(GetTicker request, boolean onlyChanges) {
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
        return List.of(new Item(ticker, MessageHeaders.ticker(ticker, ExchangeOperation.ticker),
                () -> lastEmitted = ticker));
    }
}
