package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetDepth;
import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.model.Depth;
import org.apache.camel.Processor;

import java.util.Map;

/**
 * Emits a market's order book as the exchange pushes it: whole snapshots, both sides best first, at most
 * {@code size} levels a side. A size of 10 or less reads the exchange's short book ({@code quick_depth},
 * 5 or 10 levels, on the trade coin's address), a larger one the full book ({@code depth}, up to 50).
 */
public class StreamDepthConsumer extends StreamSnapshotConsumer<Depth> {
    /** The short book comes 5 or 10 levels long. */
    private static final int LONG = 10;

    private GetDepth request;
    private boolean quick;

    public StreamDepthConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolve() {
        request = getEndpoint().resolver().depth(null);
        if (request.merge() != null) {
            throw new ExchangeValidationException("option merge", "a merged book is not pushed; poll it"
                                                                  + " (streaming=false) or leave merge out");
        }
        quick = request.size() <= LONG;
    }

    @Override
    protected String channel() {
        return StreamAddresses.channel(request.market(), quick ? "quick_depth" : "depth");
    }

    @Override
    protected String address() {
        return quick ? StreamAddresses.quickDepth(getEndpoint().getConfiguration(), request.market()) : super.address();
    }

    @Override
    protected Integer length() {
        // Always the longer book, cut to size here: routes of other sizes on the market share the channel.
        return quick ? LONG : null;
    }

    @Override
    protected Depth decode(byte[] frame) {
        return quick ? frames.quickDepth(request.market(), frame, request.size())
                : frames.depth(request.market(), frame, request.size());
    }

    @Override
    protected Map<String, Object> headers(Depth depth) {
        return Map.of(ExchangeConstants.MARKET, depth.market(), ExchangeConstants.TIMESTAMP, depth.timestamp());
    }
}
