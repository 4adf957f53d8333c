package com.camelexchange.paper;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How a report values coins: in one quote coin (the pricing coin of most fills; without fills usdt when a market is
 * priced in it), each other coin at the last price of its market against that coin (the last trade of the tape the
 * paper exchange was fed, else the last fill there). A coin without such a market is not valued.
 */
final class Valuation {
    private final String quote;
    private final Map<String, String> marketOf = new LinkedHashMap<>();
    private final Map<String, List<PricePoint>> series = new LinkedHashMap<>();
    private final Map<String, BigDecimal> lastPrices = new LinkedHashMap<>();

    private Valuation(String quote) {
        this.quote = quote;
    }

    static Valuation of(ExchangeSimulator simulator, List<Fill> fills, Collection<String> coins) {
        Collection<MarketSpec> markets = simulator.exchange().markets();
        Valuation valuation = new Valuation(quoteCoin(fills, markets));
        Set<String> names = markets.stream().map(MarketSpec::name).collect(Collectors.toSet());
        for (String coin : coins) {
            String market = coin + "_" + valuation.quote;
            if (coin.equals(valuation.quote) || !names.contains(market)) {
                continue;
            }
            List<PricePoint> points = seriesOf(simulator, market, fills);
            if (!points.isEmpty()) {
                valuation.marketOf.put(coin, market);
                valuation.series.put(coin, points);
                valuation.lastPrices.put(coin, lastPrice(simulator, market, points));
            }
        }
        return valuation;
    }

    /** The series {@link #of} read for {@code market}, or null when it valued no coin there. */
    List<PricePoint> seriesRead(String market) {
        for (Map.Entry<String, String> coin : marketOf.entrySet()) {
            if (coin.getValue().equals(market)) {
                return series.get(coin.getKey());
            }
        }
        return null;
    }

    /** The prices of a market over the run, oldest first: the trades of the tape fed, and the fills there. */
    static List<PricePoint> seriesOf(ExchangeSimulator simulator, String market, List<Fill> fills) {
        List<PricePoint> points = new ArrayList<>();
        for (Trade trade : simulator.tape(market)) {
            points.add(new PricePoint(Instant.ofEpochMilli(trade.epochMillis()), trade.price()));
        }
        fills.stream().filter(f -> f.market().equals(market))
                .forEach(f -> points.add(new PricePoint(f.time(), f.price())));
        points.sort(Comparator.comparing(PricePoint::time));
        return points;
    }

    /**
     * The last trade of the tape when there is one, else the last fill. Not the latest of both by time: a paper
     * fill is dated by the paper clock when the trade that caused it arrives, a few milliseconds after the trade's
     * own date, so the latest point would be that fill at its order's price rather than the market's last trade.
     */
    private static BigDecimal lastPrice(ExchangeSimulator simulator, String market, List<PricePoint> points) {
        List<Trade> tape = simulator.tape(market);
        return tape.isEmpty() ? points.get(points.size() - 1).price() : tape.get(tape.size() - 1).price();
    }

    private static String quoteCoin(List<Fill> fills, Collection<MarketSpec> markets) {
        Map<String, String> quoteOf = markets.stream()
                .collect(Collectors.toMap(MarketSpec::name, MarketSpec::quoteCoin, (a, b) -> a));
        Map<String, Long> byFills = fills.stream()
                .collect(Collectors.groupingBy(f -> quoteOf.getOrDefault(f.market(), "usdt"), LinkedHashMap::new,
                        Collectors.counting()));
        if (!byFills.isEmpty()) {
            return byFills.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        }
        if (quoteOf.containsValue("usdt")) {
            return "usdt";
        }
        return quoteOf.values().stream().collect(Collectors.groupingBy(Function.identity(), HashMap::new,
                Collectors.counting())).entrySet().stream().max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse("usdt");
    }

    String quote() {
        return quote;
    }

    /** The last price of each valued coin other than the quote coin, in it. */
    Map<String, BigDecimal> lastPrices() {
        return lastPrices;
    }

    /** The prices a coin had over the run, oldest first; empty for the quote coin and coins not valued. */
    List<PricePoint> series(String coin) {
        return series.getOrDefault(coin, List.of());
    }

    /** The market a coin is valued by, or null. */
    String market(String coin) {
        return marketOf.get(coin);
    }

    /** {@code amount} of {@code coin} at its last price, in the quote coin; null when the coin is not valued. */
    BigDecimal value(String coin, BigDecimal amount) {
        if (coin.equals(quote)) {
            return amount;
        }
        BigDecimal price = lastPrices.get(coin);
        return price == null ? null : amount.multiply(price);
    }

    /** A fill's fee in the quote coin, at the fill's own price when it was charged in the fill's trade coin. */
    BigDecimal feeValue(Fill fill) {
        if (fill.feeCoin().equals(quote)) {
            return fill.fee();
        }
        if (fill.market().equals(fill.feeCoin() + "_" + quote)) {
            return fill.fee().multiply(fill.price());
        }
        return value(fill.feeCoin(), fill.fee());
    }
}
