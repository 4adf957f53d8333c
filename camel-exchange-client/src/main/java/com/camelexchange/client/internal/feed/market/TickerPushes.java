package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.SnapshotPushes;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.model.Ticker;

/** A market's ticker as the exchange pushes it; with {@code onlyChanges}, only when values changed. */
public final class TickerPushes extends SnapshotPushes<Ticker> {
    private final String market;
    private final boolean onlyChanges;
    private final PushFrames frames;
    private final String address;
    private final MarketDataListener tap;
    private volatile Ticker lastEmitted;

    /** @param tap told of each pushed ticker (once per frame, whichever consumer reads it first) */
    TickerPushes(String market, boolean onlyChanges, PushFrames frames, String address, MarketDataListener tap) {
        this.market = market;
        this.tap = tap;
        this.onlyChanges = onlyChanges;
        this.frames = frames;
        this.address = address;
    }

    /**
     * The ticker of {@code market} pushed on {@code source}.
     *
     * @param onlyChanges only a ticker whose values changed since the last one delivered
     * @param client      told of each pushed ticker ({@link ExchangeClient#tap()})
     */
    public static TickerPushes of(String market, boolean onlyChanges, ExchangeClient client, PushSource source) {
        return new TickerPushes(market, onlyChanges, source.streams().frames(), source.address(), client.tap());
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
}
