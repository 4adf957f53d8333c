package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.feed.SharedReads;
import com.camelexchange.client.internal.json.Records;
import com.camelexchange.client.model.Trade;

import java.util.ArrayList;
import java.util.List;

/**
 * Reading a market's trades over REST from a position: what polling does every time, streaming after a gap. No
 * id read here moves a position unless the exchange stands by it: an id out of range is refused, and one that
 * jumps further past the one before it than a page holds is read again on its own before it is believed.
 */
public final class TradePages {
    /** The exchange answers at most this many trades per request. */
    static final int PAGE = SharedReads.TRADES_PAGE;

    private TradePages() {
    }


    /**
     * The newest trade id now (0 for a market without trades): where a consumer with no position starts. An id
     * refused by the guard is passed over: the newest one the exchange confirms is taken.
     */
    static long newest(ExchangeClient client, String market, TradeIdGuard guard) {
        return newest(Reads.of(client), market, guard);
    }

    /** {@link #newest(ExchangeClient, String, TradeIdGuard)}, read where {@code client} reads. */
    static long newest(Reads client, String market, TradeIdGuard guard) {
        List<Trade> latest = client.read(new GetTrades(market, null));
        for (int i = latest.size() - 1; i >= 0; i--) {
            Trade trade = latest.get(i);
            long before = i > 0 ? latest.get(i - 1).tid() : trade.tid() - 1;
            if (believed(client, market, trade, before, guard)) {
                return trade.tid();
            }
        }
        return 0;
    }

    /**
     * The trades after {@code cursor}, oldest first, following pages until a short one or {@code maxPages}. Reading
     * stops at a refused id: the trades before it are read, the position stays below it, and the next read asks
     * again from there.
     */
    static List<Trade> after(ExchangeClient client, String market, long cursor, int maxPages, TradeIdGuard guard) {
        return after(Reads.of(client), market, cursor, maxPages, guard);
    }

    /** {@link #after(ExchangeClient, String, long, int, TradeIdGuard)}, read where {@code client} reads. */
    static List<Trade> after(Reads client, String market, long cursor, int maxPages, TradeIdGuard guard) {
        List<Trade> fresh = new ArrayList<>();
        for (int page = 0; page < maxPages; page++) {
            List<Trade> trades = client.read(new GetTrades(market, cursor));
            for (Trade trade : trades) {
                if (trade.tid() <= cursor) {
                    continue;
                }
                if (!believed(client, market, trade, cursor, guard)) {
                    return fresh;
                }
                fresh.add(trade);
                cursor = trade.tid();
            }
            if (Records.sent(trades) < PAGE) {
                break;
            }
        }
        return fresh;
    }

    /**
     * Whether a trade's id can become a position: in range, and, when it is more than a page past {@code before}
     * (the id before it), named again by the exchange when asked for the trades right before it.
     */
    private static boolean believed(Reads client, String market, Trade trade, long before, TradeIdGuard guard) {
        if (!TradeIdGuard.inRange(trade.tid())) {
            guard.refuse(trade, "rest", "out of range");
            return false;
        }
        if (trade.tid() - before <= PAGE) {
            return true;
        }
        boolean confirmed = client.read(new GetTrades(market, trade.tid() - 1)).stream()
                .anyMatch(t -> t.tid() == trade.tid());
        if (!confirmed) {
            guard.refuse(trade, "rest", "more than " + PAGE + " ids past " + before
                                        + ", and not in the exchange's answer for the trades after " + (trade.tid() - 1));
        }
        return confirmed;
    }
}
