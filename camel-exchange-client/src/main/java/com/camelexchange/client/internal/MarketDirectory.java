package com.camelexchange.client.internal;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.internal.json.MarketList;
import com.camelexchange.client.model.Market;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * One exchange's market list, fetched when first needed and kept for a while; shared by every endpoint of
 * a component that talks to the same address. It lets a request for an unknown market or coin fail before
 * it is sent, gives orders their market's scales and minimums, and maps the underscore-less keys of
 * {@code allTicker} back to market names.
 */
public final class MarketDirectory {
    private static final Logger LOG = LoggerFactory.getLogger(MarketDirectory.class);
    private static final long TTL_NANOS = Duration.ofMinutes(30).toNanos();
    /**
     * After the list could not be fetched, how long checks that can do without it skip fetching it: while the
     * market list is down, a ticker call should not first spend its retries and deadlines on it every time.
     */
    private static final long UNAVAILABLE_NANOS = Duration.ofSeconds(30).toNanos();
    /** How many market names a refusal lists. */
    private static final int LISTED = 20;

    /** @param unreadable markets the exchange lists with a configuration that was refused, and that were not known */
    private record Snapshot(Map<String, Market> markets, Set<String> unreadable, long loadedAt) {
    }

    private volatile Snapshot snapshot;
    /** When the list last failed to come, for checks that can do without it; 0 when it has not failed since. */
    private volatile long failedAt;

    /** How long ago the market list was fetched; empty before it was first fetched. For the dev console. */
    public Optional<Duration> age() {
        Snapshot current = snapshot;
        return current == null ? Optional.empty() : Optional.of(Duration.ofNanos(System.nanoTime() - current.loadedAt()));
    }

    /** How many markets the list holds; 0 before it was first fetched. */
    public int size() {
        Snapshot current = snapshot;
        return current == null ? 0 : current.markets().size();
    }

    /** How long a market list is used before it is fetched again when a request needs it. */
    public static Duration timeToLive() {
        return Duration.ofNanos(TTL_NANOS);
    }

    /** The markets, from the cache or fetched now. */
    Map<String, Market> markets(Supplier<Map<String, Market>> fetch) {
        Snapshot current = snapshot;
        if (current == null || System.nanoTime() - current.loadedAt() > TTL_NANOS) {
            return remember(fetch.get());
        }
        return current.markets();
    }

    /**
     * Keeps a market list that was fetched anyway (by a markets producer or consumer). A market listed with a
     * configuration refused for a value out of bounds keeps the configuration it had: one bad value does not make a
     * market unknown, nor give orders its scales.
     */
    public Map<String, Market> remember(Map<String, Market> markets) {
        Map<String, Market> kept = new LinkedHashMap<>(markets);
        Set<String> unreadable = new TreeSet<>();
        if (markets instanceof MarketList list) {
            Snapshot before = snapshot;
            for (String name : list.refused()) {
                Market known = before == null ? null : before.markets().get(name);
                if (known != null) {
                    kept.put(name, known);
                } else {
                    unreadable.add(name);
                }
            }
        }
        snapshot = new Snapshot(Map.copyOf(kept), Set.copyOf(unreadable), System.nanoTime());
        failedAt = 0;
        return markets;
    }

    /**
     * Refuses a market the exchange does not list. When the list cannot be had, the request goes ahead:
     * the exchange itself will then answer for the market.
     */
    public void requireKnown(Supplier<Map<String, Market>> fetch, String market) {
        Map<String, Market> markets = orNull(fetch, market);
        Snapshot current = snapshot;
        if (markets != null && !markets.containsKey(market)
            && (current == null || !current.unreadable().contains(market))) {
            throw unknownMarket("market", market, markets);
        }
    }

    /**
     * A market's configuration, which order checks need: here the list is required, not optional.
     *
     * @param source where the market came from, for the refusal
     */
    public Market spec(Supplier<Map<String, Market>> fetch, String market, String source) {
        Map<String, Market> markets = markets(fetch);
        Market spec = markets.get(market);
        if (spec == null) {
            Snapshot current = snapshot;
            if (current != null && current.unreadable().contains(market)) {
                throw new ExchangeValidationException(source, "market '" + Echo.of(market) + "' is listed by the"
                        + " exchange with a configuration out of bounds (see the log); it is checked again when the"
                        + " market list is read again");
            }
            throw unknownMarket(source, market, markets);
        }
        return spec;
    }

    /**
     * Refuses a coin that no listed market trades or prices in. When the list cannot be had, the request
     * goes ahead.
     */
    public void requireKnownCoin(Supplier<Map<String, Market>> fetch, String coin) {
        Map<String, Market> markets = orNull(fetch, coin);
        if (markets == null) {
            return;
        }
        TreeSet<String> coins = new TreeSet<>();
        markets.values().forEach(m -> {
            coins.add(m.baseCoin());
            coins.add(m.quoteCoin());
        });
        if (!coins.contains(coin)) {
            throw new ExchangeValidationException("coin", "unknown coin '" + Echo.of(coin)
                    + "'; the exchange's markets use " + listed(coins));
        }
    }

    /** {@code btcusdt} to {@code btc_usdt} for every known market; empty when the list cannot be had. */
    public Map<String, String> pairToMarket(Supplier<Map<String, Market>> fetch) {
        Map<String, Market> markets = orNull(fetch, "allTicker keys");
        return markets == null ? Map.of()
                : markets.values().stream().collect(Collectors.toMap(Market::pairCode, Market::name, (a, b) -> a));
    }

    /**
     * The list, or null when it cannot be had: then the request goes ahead unchecked. A list past its time
     * is not used for refusals, since a market listed since would be refused for as long as the outage lasts.
     */
    private Map<String, Market> orNull(Supplier<Map<String, Market>> fetch, String unchecked) {
        Snapshot current = snapshot;
        boolean fresh = current != null && System.nanoTime() - current.loadedAt() <= TTL_NANOS;
        long failed = failedAt;
        if (!fresh && failed != 0 && System.nanoTime() - failed < UNAVAILABLE_NANOS) {
            return null;
        }
        try {
            return markets(fetch);
        } catch (ExchangeClientException e) {
            failedAt = System.nanoTime() | 1; // never 0, which means "not failed"
            LOG.debug("Market list unavailable, {} not checked: {}", Echo.of(unchecked), e.getMessage());
            return null;
        }
    }

    private static ExchangeValidationException unknownMarket(String source, String market,
                                                             Map<String, Market> markets) {
        return new ExchangeValidationException(source, "unknown market '" + Echo.of(market)
                + "'; the exchange lists " + listed(new TreeSet<>(markets.keySet())));
    }

    private static String listed(TreeSet<String> names) {
        String shown = names.stream().limit(LISTED).collect(Collectors.joining(", "));
        return names.size() <= LISTED ? shown : shown + " and " + (names.size() - LISTED) + " more";
    }
}
