package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeClient;
import com.camelexchange.component.api.ExchangeClientException;
import com.camelexchange.component.api.ExchangeValidationException;
import com.camelexchange.component.model.Market;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The market list of each exchange a component talks to, fetched once and kept for a while. It lets a
 * request for an unknown market fail before it is sent, and maps the underscore-less keys of
 * {@code allTicker} back to market names.
 */
final class MarketDirectory {
    private static final Logger LOG = LoggerFactory.getLogger(MarketDirectory.class);
    private static final long TTL_NANOS = Duration.ofMinutes(30).toNanos();

    private record Snapshot(Map<String, Market> markets, long loadedAt) {
    }

    private final Map<String, Snapshot> byBaseUrl = new ConcurrentHashMap<>();

    /** The markets, from the cache or fetched now. */
    Map<String, Market> markets(ExchangeClient client) {
        String key = client.settings().baseUrl();
        Snapshot snapshot = byBaseUrl.get(key);
        if (snapshot == null || System.nanoTime() - snapshot.loadedAt() > TTL_NANOS) {
            return remember(client, client.markets());
        }
        return snapshot.markets();
    }

    /** Keeps a market list that was fetched anyway (by a markets producer or consumer). */
    Map<String, Market> remember(ExchangeClient client, Map<String, Market> markets) {
        byBaseUrl.put(client.settings().baseUrl(), new Snapshot(Map.copyOf(markets), System.nanoTime()));
        return markets;
    }

    /**
     * Refuses a market the exchange does not list. When the list cannot be had, the request goes ahead:
     * the exchange itself will then answer for the market.
     */
    void requireKnown(ExchangeClient client, String market, String source) {
        Map<String, Market> markets;
        try {
            markets = markets(client);
        } catch (ExchangeClientException e) {
            LOG.debug("Market list unavailable, {} is not checked: {}", market, e.getMessage());
            return;
        }
        if (!markets.containsKey(market)) {
            throw unknownMarket(market, source, markets);
        }
    }

    /** A market's configuration, which order checks need: here the list is required, not optional. */
    Market spec(ExchangeClient client, String market, String source) {
        Map<String, Market> markets = markets(client);
        Market spec = markets.get(market);
        if (spec == null) {
            throw unknownMarket(market, source, markets);
        }
        return spec;
    }

    private static ExchangeValidationException unknownMarket(String market, String source, Map<String, Market> markets) {
        return new ExchangeValidationException(source, "unknown market '" + market + "'; the exchange lists "
                + String.join(", ", new TreeSet<>(markets.keySet())));
    }

    /**
     * Refuses a coin that no listed market trades or prices in. When the list cannot be had, the request
     * goes ahead.
     */
    void requireKnownCoin(ExchangeClient client, String coin, String source) {
        Map<String, Market> markets;
        try {
            markets = markets(client);
        } catch (ExchangeClientException e) {
            LOG.debug("Market list unavailable, coin {} is not checked: {}", coin, e.getMessage());
            return;
        }
        TreeSet<String> coins = new TreeSet<>();
        markets.values().forEach(m -> {
            coins.add(m.baseCoin());
            coins.add(m.quoteCoin());
        });
        if (!coins.contains(coin)) {
            throw new ExchangeValidationException(source, "unknown coin '" + coin + "'; the exchange's markets use "
                    + String.join(", ", coins));
        }
    }

    /** {@code btcusdt} to {@code btc_usdt} for every known market; empty when the list cannot be had. */
    Map<String, String> pairToMarket(ExchangeClient client) {
        try {
            return markets(client).values().stream().collect(Collectors.toMap(Market::pairCode, Market::name,
                    (a, b) -> a));
        } catch (ExchangeClientException e) {
            LOG.debug("Market list unavailable, allTicker keys are kept as sent: {}", e.getMessage());
            return Map.of();
        }
    }
}
