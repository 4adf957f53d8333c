package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetTicker;
import com.camelexchange.component.model.Ticker;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/** Emits the ticker of one market each poll; with {@code onlyChanges}, only when a value changed. */
public class TickerConsumer extends ExchangePollConsumer {
    private GetTicker request;
    private boolean onlyChanges;
    private Ticker lastEmitted;

    public TickerConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveRequest() {
        request = getEndpoint().resolver().ticker(null);
        onlyChanges = getEndpoint().getConfiguration().isOnlyChanges();
    }

    @Override
    protected List<Item> fetch() {
        Ticker ticker = client.call(request);
        if (onlyChanges && ticker.sameValues(lastEmitted)) {
            return List.of();
        }
        return List.of(new Item(ticker, Map.of(ExchangeConstants.MARKET, ticker.market(),
                ExchangeConstants.TIMESTAMP, ticker.date()), () -> lastEmitted = ticker));
    }
}
