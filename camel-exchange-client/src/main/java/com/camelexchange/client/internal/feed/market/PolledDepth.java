package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.model.Depth;

import java.util.List;

/** The order book of one market each poll, both sides best first; shared by consumers asking for the same book. */
public final class PolledDepth implements PolledData {
    private final GetDepth request;
    private Reads reads;

    public PolledDepth(GetDepth request) {
        this.request = request;
    }

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
    }

    @Override
    public List<Item> poll(Poll poll) {
        Depth depth = reads.read(request);
        return List.of(new Item(depth));
    }
}
