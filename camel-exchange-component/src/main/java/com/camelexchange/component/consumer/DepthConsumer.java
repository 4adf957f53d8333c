package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetDepth;
import com.camelexchange.component.model.Depth;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/** Emits the order book of one market each poll, both sides best first. */
public class DepthConsumer extends ExchangePollConsumer {
    private GetDepth request;

    public DepthConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveRequest() {
        request = getEndpoint().resolver().depth(null);
    }

    @Override
    protected List<Item> fetch() {
        Depth depth = client.call(request);
        return List.of(new Item(depth, Map.of(ExchangeConstants.MARKET, depth.market(),
                ExchangeConstants.TIMESTAMP, depth.timestamp())));
    }
}
