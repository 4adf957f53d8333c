package com.camelexchange.component.consumer;

import com.camelexchange.component.api.ExchangeClient;
import com.camelexchange.component.api.ExchangeRequest.GetTrades;
import com.camelexchange.component.model.Trade;

import java.util.ArrayList;
import java.util.List;

/** Reading a market's trades over REST from a position: what polling does every time, streaming after a gap. */
final class TradePages {
    /** The exchange answers at most this many trades per request. */
    static final int PAGE = 50;

    private TradePages() {
    }

    /** The key of a market's trade position, the same for polling and streaming so a route can switch. */
    static String stateKey(String market) {
        return "trades:" + market;
    }

    /** The newest trade id now (0 for a market without trades): where a consumer with no position starts. */
    static long newest(ExchangeClient client, String market) {
        List<Trade> latest = client.call(new GetTrades(market, null));
        return latest.isEmpty() ? 0 : latest.get(latest.size() - 1).tid();
    }

    /**
     * The trades after {@code cursor}, oldest first, following pages until a short one or {@code maxPages}.
     */
    static List<Trade> after(ExchangeClient client, String market, long cursor, int maxPages) {
        List<Trade> fresh = new ArrayList<>();
        for (int page = 0; page < maxPages; page++) {
            List<Trade> trades = client.call(new GetTrades(market, cursor));
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
        return fresh;
    }
}
