package com.camelexchange.client.internal.feed;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Which tickers the polling consumers of one {@link ReadProfile} want, and how often: it tells whether one
 * {@code allTicker} request per period costs fewer requests than a {@code ticker} request per market. An
 * {@code allTicker} is fetched as often as the most frequent of them polls; separately, each market's ticker is
 * fetched as often as its most frequent route polls, and an {@code allTicker} route's own fetches come on top.
 * So two markets, or one market next to an {@code allTicker} route, are already cheaper together; one market
 * alone is not.
 */
final class TickerInterest {
    /** @param market null for an {@code allTicker} consumer */
    private record Want(String market, double perSecond) {
    }

    private final Map<Object, Want> wants = new IdentityHashMap<>();
    private volatile boolean allTickerCheaper;

    /**
     * Records a consumer's interest while it runs.
     *
     * @param market      the market of a ticker consumer; null for an {@code allTicker} consumer
     * @param periodNanos how often it polls
     * @return what withdraws the interest, when the consumer stops
     */
    synchronized Runnable want(String market, long periodNanos) {
        Object token = new Object();
        wants.put(token, new Want(market, 1e9 / Math.max(1, periodNanos)));
        decide();
        return () -> {
            synchronized (this) {
                wants.remove(token);
                decide();
            }
        };
    }

    /** Whether ticker consumers should read their market's ticker from the shared {@code allTicker} reply. */
    boolean allTickerCheaper() {
        return allTickerCheaper;
    }

    private void decide() {
        double fastest = 0;
        double allTicker = 0;
        Map<String, Double> perMarket = new HashMap<>();
        for (Want want : wants.values()) {
            fastest = Math.max(fastest, want.perSecond());
            if (want.market() == null) {
                allTicker = Math.max(allTicker, want.perSecond());
            } else {
                perMarket.merge(want.market(), want.perSecond(), Math::max);
            }
        }
        double separately = allTicker;
        for (double perSecond : perMarket.values()) {
            separately += perSecond;
        }
        allTickerCheaper = !perMarket.isEmpty() && fastest < separately;
    }
}
