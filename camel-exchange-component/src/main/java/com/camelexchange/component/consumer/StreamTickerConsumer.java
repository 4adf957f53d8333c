package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.model.Ticker;
import org.apache.camel.Processor;

import java.util.Map;

/** Emits a market's ticker as the exchange pushes it; with {@code onlyChanges}, only when values changed. */
public class StreamTickerConsumer extends StreamSnapshotConsumer<Ticker> {
    private String market;
    private boolean onlyChanges;
    private volatile Ticker lastEmitted;

    public StreamTickerConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolve() {
        market = getEndpoint().resolver().ticker(null).market();
        onlyChanges = getEndpoint().getConfiguration().isOnlyChanges();
    }

    @Override
    protected String channel() {
        return StreamAddresses.channel(market, "ticker");
    }

    @Override
    protected Ticker decode(byte[] frame) {
        return frames.ticker(market, frame);
    }

    @Override
    protected boolean wanted(Ticker ticker) {
        return !onlyChanges || !ticker.sameValues(lastEmitted);
    }

    @Override
    protected void emitted(Ticker ticker) {
        lastEmitted = ticker;
    }

    @Override
    protected Map<String, Object> headers(Ticker ticker) {
        return Map.of(ExchangeConstants.MARKET, ticker.market(), ExchangeConstants.TIMESTAMP, ticker.date());
    }
}
