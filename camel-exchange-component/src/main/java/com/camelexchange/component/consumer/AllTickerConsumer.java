package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.model.Ticker;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/**
 * Emits the tickers of all markets each poll: one message per market, keyed by its name with underscore
 * (header {@code CamelExchangeMarket}), or with {@code splitResult=false} one message with the whole map.
 */
public class AllTickerConsumer extends ExchangePollConsumer {
    private boolean split;

    public AllTickerConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveRequest() {
        split = getEndpoint().getConfiguration().isSplitResult();
    }

    @Override
    protected List<Item> fetch() {
        Map<String, Ticker> tickers = client.allTicker();
        if (!split) {
            return List.of(new Item(tickers, Map.of()));
        }
        return tickers.values().stream()
                .map(t -> new Item(t, Map.<String, Object>of(ExchangeConstants.MARKET, t.market())))
                .toList();
    }
}
