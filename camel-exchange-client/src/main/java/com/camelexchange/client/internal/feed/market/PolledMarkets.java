package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetMarkets;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.feed.SharedReader;
import com.camelexchange.client.model.Market;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The market configuration ({@code Map<String, Market>}) once per poll. A fetch also renews the list the
 * client checks requests against.
 */
public final class PolledMarkets implements PolledData {
    private Reads reads;

    @Override
    public void start(SharedReader reads) {
        this.reads = reads;
    }

    @Override
    public List<Item> poll(Poll poll) {
        // The consumer's own map: the reply is shared with other consumers.
        Map<String, Market> markets = new LinkedHashMap<>(reads.read(new GetMarkets()));
        return List.of(new Item(markets));
    }
}
