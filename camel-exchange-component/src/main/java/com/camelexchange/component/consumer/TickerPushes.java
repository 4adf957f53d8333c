package com.camelexchange.component.consumer;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.json.PushFrame;
import com.camelexchange.client.json.PushFrames;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;

import java.util.Map;

/** A market's ticker as the exchange pushes it; with {@code onlyChanges}, only when values changed. */
final class TickerPushes extends SnapshotPushes<Ticker> {
    private final String market;
    private final boolean onlyChanges;
    private final PushFrames frames;
    private final String address;
    private final MarketDataListener tap;
    private volatile Ticker lastEmitted;

    /** @param tap told of each pushed ticker (once per frame, whichever route reads it first) */
    TickerPushes(String market, boolean onlyChanges, PushFrames frames, String address, MarketDataListener tap) {
        this.market = market;
        this.tap = tap;
        this.onlyChanges = onlyChanges;
        this.frames = frames;
        this.address = address;
    }

    static TickerPushes of(ExchangeEndpoint endpoint) {
        return new TickerPushes(endpoint.resolver().ticker(null).market(),
                endpoint.getConfiguration().isOnlyChanges(), endpoint.getComponent().streams().frames(),
                StreamAddresses.main(endpoint.getConfiguration()), endpoint.client().tap());
    }

    @Override
    public String channel() {
        return StreamAddresses.channel(market, "ticker");
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    protected Ticker decode(PushFrame frame) {
        Ticker ticker = frames.ticker(market, frame);
        if (tap.listening() && frame.firstRead()) {
            tap.ticker(ticker);
        }
        return ticker;
    }

    @Override
    protected boolean wanted(Ticker ticker) {
        return !onlyChanges || !ticker.sameValues(lastEmitted);
    }

    @Override
    protected void emitted(Ticker ticker) {
        lastEmitted = ticker;
    }

    /** As a polled ticker's. */
    @Override
    protected Map<String, Object> headers(Ticker ticker) {
        return MessageHeaders.ticker(ticker, ExchangeOperation.ticker);
    }
}
