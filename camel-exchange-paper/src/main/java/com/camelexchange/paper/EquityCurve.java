package com.camelexchange.paper;

import com.camelexchange.simulator.engine.Fill;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The value of the paper account over the run, in the quote coin: the starting balances moved by each fill (a buy
 * receives its amount less the fee and pays price x amount; a sell the other way round), valued at the prices of the
 * moment. Before a coin's first price it counts at that first price. At most about {@value #MOST_POINTS} points:
 * price changes are thinned out, fills never.
 */
final class EquityCurve {
    static final int MOST_POINTS = 4000;

    private EquityCurve() {
    }

    /** An event of the run: a new price of a coin, or a fill. */
    private record Event(Instant time, int order, String coin, BigDecimal price, Fill fill) {
    }

    static List<PricePoint> of(Valuation valuation, Map<String, BigDecimal> starting, List<Fill> fills,
                               Map<String, String> baseOfMarket) {
        List<Event> events = new ArrayList<>();
        Map<String, BigDecimal> prices = new HashMap<>();
        prices.put(valuation.quote(), BigDecimal.ONE);
        int priceEvents = 0;
        for (String coin : valuation.lastPrices().keySet()) {
            List<PricePoint> series = valuation.series(coin);
            prices.put(coin, series.get(0).price());
            for (PricePoint point : series) {
                events.add(new Event(point.time(), 0, coin, point.price(), null));
                priceEvents++;
            }
        }
        for (Fill fill : fills) {
            events.add(new Event(fill.time(), 1, null, null, fill));
        }
        events.sort(Comparator.comparing(Event::time).thenComparingInt(Event::order));
        int every = Math.max(1, (priceEvents + MOST_POINTS - 1) / MOST_POINTS);
        Map<String, BigDecimal> balances = new HashMap<>(starting);
        List<PricePoint> curve = new ArrayList<>();
        int seen = 0;
        for (int i = 0; i < events.size(); i++) {
            Event event = events.get(i);
            if (event.fill() == null) {
                prices.put(event.coin(), event.price());
                seen++;
            } else {
                event.fill().moveBalances(balances, baseOfMarket.get(event.fill().market()));
            }
            if (event.fill() != null || seen % every == 0 || i == events.size() - 1) {
                curve.add(new PricePoint(event.time(), equity(balances, prices)));
            }
        }
        return curve;
    }

    private static BigDecimal equity(Map<String, BigDecimal> balances, Map<String, BigDecimal> prices) {
        BigDecimal total = BigDecimal.ZERO;
        for (Map.Entry<String, BigDecimal> balance : balances.entrySet()) {
            BigDecimal price = prices.get(balance.getKey());
            if (price != null) {
                total = total.add(balance.getValue().multiply(price));
            }
        }
        return total;
    }
}
