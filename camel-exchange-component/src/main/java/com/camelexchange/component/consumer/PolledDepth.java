package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.model.Depth;

import java.util.List;

/** The order book of one market each poll, both sides best first; shared by routes asking for the same book. */
final class PolledDepth implements PolledData {
    private final GetDepth request;
    private Reads reads;

    PolledDepth(GetDepth request) {
        this.request = request;
    }

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
    }

    @Override
    public List<Item> poll(Poll poll) {
        Depth depth = reads.read(request);
        return List.of(new Item(depth, MessageHeaders.depth(depth)));
    }
}
