package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.MarketDataRequest;
import com.camelexchange.component.model.Depth;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/** Emits the order book of one market each poll, both sides best first. */
public class DepthConsumer extends ExchangePollConsumer {

    public DepthConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected List<Item> fetch() {
        MarketDataRequest request = getEndpoint().request(null);
        Depth depth = getEndpoint().client().depth(request.market(), request.depthSize(), request.merge());
        return List.of(new Item(depth, Map.of(ExchangeConstants.MARKET, depth.market(),
                ExchangeConstants.TIMESTAMP, depth.timestamp())));
    }
}
