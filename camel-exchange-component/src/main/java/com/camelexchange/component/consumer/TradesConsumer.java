package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetTrades;
import com.camelexchange.component.model.Trade;
import org.apache.camel.Processor;

import java.util.List;
import java.util.Map;

/**
 * Emits each public trade of a market exactly once, in tid order. Each poll asks for the 50 trades after
 * the last one emitted and follows pages until caught up (or {@code maxPagesPerPoll}); the position moves
 * only when a trade's exchange completes, and is kept in the state repository when one is configured.
 * Without a stored position it starts after {@code since}, or from now. A trade id the exchange does not stand
 * by (see {@link TradeIdGuard}) is refused and never becomes the position.
 */
public class TradesConsumer extends PositionedPollConsumer {
    private GetTrades request;
    private int maxPages;
    private volatile TradeIdGuard guard;

    public TradesConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().trades(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
        guard = new TradeIdGuard(request.market(), getEndpoint().client().metrics());
    }

    @Override
    protected String defaultStateKey() {
        return TradePages.stateKey(request.market());
    }

    @Override
    protected List<Item> fetch() {
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                // From now: the newest trade is the baseline; only later ones are emitted.
                position.commit(TradePages.newest(client, request.market(), guard));
                return List.of();
            }
            cursor = request.since();
        }
        List<Trade> trades = TradePages.after(client, request.market(), cursor, maxPages, guard);
        // Every page full: more trades wait beyond what this poll may read.
        leftForNextPoll(0, trades.size() >= TradePages.PAGE * maxPages);
        return trades.stream().map(this::item).toList();
    }

    /** Trade ids refused so far; 0 before the consumer started. */
    public long refusedTradeIds() {
        TradeIdGuard g = guard;
        return g == null ? 0 : g.refused();
    }

    /** The headers of a trade's message, polled or pushed. */
    static Map<String, Object> headers(Trade trade) {
        return Map.of(ExchangeConstants.MARKET, trade.market(), ExchangeConstants.TRADE_ID, trade.tid(),
                ExchangeConstants.TIMESTAMP, trade.date());
    }

    private Item item(Trade trade) {
        return new Item(trade, headers(trade), () -> position.commit(trade.tid()));
    }
}
