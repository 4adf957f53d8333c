package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetTrades;
import com.camelexchange.component.model.Trade;
import org.apache.camel.Processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Emits each public trade of a market exactly once, in tid order. Each poll asks for the 50 trades after
 * the last one emitted and follows pages until caught up (or {@code maxPagesPerPoll}); the position moves
 * only when a trade's exchange completes, and is kept in the state repository when one is configured.
 * Without a stored position it starts after {@code since}, or from now.
 */
public class TradesConsumer extends PositionedPollConsumer {
    /** The exchange answers at most this many trades per request. */
    static final int PAGE = 50;

    private GetTrades request;
    private int maxPages;

    public TradesConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().trades(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
    }

    @Override
    protected String defaultStateKey() {
        return "trades:" + request.market();
    }

    @Override
    protected List<Item> fetch() {
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                // From now: the newest trade is the baseline; only later ones are emitted.
                List<Trade> latest = client.call(new GetTrades(request.market(), null));
                position.commit(latest.isEmpty() ? 0 : latest.get(latest.size() - 1).tid());
                return List.of();
            }
            cursor = request.since();
        }
        List<Trade> fresh = new ArrayList<>();
        for (int page = 0; page < maxPages; page++) {
            List<Trade> trades = client.call(new GetTrades(request.market(), cursor));
            for (Trade trade : trades) {
                if (trade.tid() > cursor) {
                    fresh.add(trade);
                    cursor = trade.tid();
                }
            }
            if (trades.size() < PAGE) {
                break;
            }
        }
        return fresh.stream().map(this::item).toList();
    }

    private Item item(Trade trade) {
        return new Item(trade, Map.of(ExchangeConstants.MARKET, trade.market(),
                ExchangeConstants.TRADE_ID, trade.tid(), ExchangeConstants.TIMESTAMP, trade.date()),
                () -> position.commit(trade.tid()));
    }
}
