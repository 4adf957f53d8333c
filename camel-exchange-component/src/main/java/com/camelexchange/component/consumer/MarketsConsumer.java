package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/** Emits the market configuration ({@code Map<String, Market>}) once per poll. */
public class MarketsConsumer extends ExchangePollConsumer {

    public MarketsConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveRequest() {
        // markets takes no parameters
    }

    @Override
    protected List<Item> fetch() {
        return List.of(new Item(client.markets(), Map.of()));
    }
}
