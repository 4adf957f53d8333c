package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.model.Trade;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.feed.PositionStore;
import com.camelexchange.client.internal.feed.PositionedPolledData;

import java.util.List;

/**
 * Each public trade of a market exactly once, in tid order. Each poll asks for the 50 trades after the last one
 * emitted and follows pages until caught up (or {@code maxPagesPerPoll}); the position moves only when a trade was
 * delivered, and is kept in its positions. Without a stored position it
 * starts after {@code since}, or from now. A trade id the exchange does not stand by (see {@link TradeIdGuard}) is
 * refused and never becomes the position. Consumers on one market at the same position share their pages.
 */
public final class PolledTrades extends PositionedPolledData {
    private final GetTrades request;
    private final int maxPages;
    private final TradeIdGuard guard;

    /**
     * @param request  the market, and the trade id to start after when no position is kept ({@code since}); null
     *                 for from now on
     * @param maxPages the most pages of 50 one poll reads
     * @param key      the position's key in {@code positions}; {@link com.camelexchange.client.feed.FeedSpec#defaultPositionKey} by default
     */
    public PolledTrades(GetTrades request, int maxPages, ExchangeClient client, Positions positions, String key) {
        this(request, maxPages, PositionStore.of(positions, key), new TradeIdGuard(request.market(),
                client.metrics()));
    }

    PolledTrades(GetTrades request, int maxPages, PositionStore position, TradeIdGuard guard) {
        super(position);
        this.request = request;
        this.maxPages = Math.max(1, maxPages);
        this.guard = guard;
    }

    @Override
    public List<Item> poll(Poll poll) {
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                // From now: the newest trade is the baseline; only later ones are emitted.
                position.commit(TradePages.newest(reads, request.market(), guard));
                return List.of();
            }
            cursor = request.since();
        }
        List<Trade> trades = TradePages.after(reads, request.market(), cursor, maxPages, guard);
        // Every page full: more trades wait beyond what this poll may read.
        poll.leftForNextPoll(0, trades.size() >= TradePages.PAGE * maxPages);
        return trades.stream().map(this::item).toList();
    }

    /** Trade ids refused so far. */
    public long refusedTradeIds() {
        return guard.refused();
    }

    private Item item(Trade trade) {
        return new Item(trade, () -> position.commit(trade.tid()));
    }
}
