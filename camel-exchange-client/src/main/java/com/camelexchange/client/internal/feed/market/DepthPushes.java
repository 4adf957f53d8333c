package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.SnapshotPushes;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.model.Depth;

/**
 * A market's order book as the exchange pushes it: whole snapshots, both sides best first, at most {@code size}
 * levels a side. A size of 10 or less reads the exchange's short book ({@code quick_depth}, 5 or 10 levels, on
 * the trade coin's address), a larger one the full book ({@code depth}, up to 50).
 */
public final class DepthPushes extends SnapshotPushes<Depth> {
    /** The short book comes 5 or 10 levels long. */
    private static final int LONG = 10;
    /** The full book comes at most 50 levels long. */
    private static final int WHOLE = 50;

    private final String market;
    private final int size;
    private final boolean quick;
    private final PushFrames frames;
    private final String address;
    private final MarketDataListener tap;

    /** @param tap told of each pushed book, whole (once per frame, whichever consumer reads it first) */
    DepthPushes(String market, int size, PushFrames frames, String address, MarketDataListener tap) {
        this.market = market;
        this.tap = tap;
        this.size = size;
        this.quick = size <= LONG;
        this.frames = frames;
        this.address = address;
    }

    /**
     * The book of {@code request}'s market pushed on {@code source}, {@code request.size()} levels a side.
     *
     * @param client told of each pushed book ({@link ExchangeClient#tap()})
     * @throws ExchangeValidationException for a merged book, which is not pushed
     */
    public static DepthPushes of(GetDepth request, ExchangeClient client, PushSource source) {
        if (request.merge() != null) {
            throw new ExchangeValidationException("option merge", "a merged book is not pushed; poll it"
                                                                  + " (streaming=false) or leave merge out");
        }
        return new DepthPushes(request.market(), request.size(), source.streams().frames(),
                request.size() <= LONG ? StreamAddresses.quickDepth(source.address(), request.market())
                        : source.address(), client.tap());
    }

    @Override
    public String channel() {
        return StreamAddresses.channel(market, quick ? "quick_depth" : "depth");
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public Integer length() {
        // Always the longer book, cut to size here: consumers of other sizes on the market share the channel.
        return quick ? LONG : null;
    }

    @Override
    protected Depth decode(PushFrame frame) {
        Depth depth = quick ? frames.quickDepth(market, frame, size) : frames.depth(market, frame, size);
        if (tap.listening() && frame.firstRead()) {
            tap.depth(quick ? frames.quickDepth(market, frame, LONG) : frames.depth(market, frame, WHOLE));
        }
        return depth;
    }
}
