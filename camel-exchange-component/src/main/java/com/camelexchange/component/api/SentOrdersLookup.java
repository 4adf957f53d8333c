package com.camelexchange.component.api;

import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.PriceAmount;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Finds the orders a write placed when its reply was lost and it has no id of its own to be found by (a variant B
 * order, a batch): among the account's orders in the market, those of the same side, price and amount placed
 * since the write was sent. Each sent order must match exactly one such order; none is a missing order, more than
 * one an ambiguity, and either leaves the outcome unknown rather than guessed.
 *
 * <p>Times are compared across two clocks (this process's when sending, the exchange's on the order), so the
 * window opens {@link #CLOCK_TOLERANCE} before the send. Pages are read newest first until one holds only older
 * orders, the last page is reached, or {@link #MAX_PAGES} pages were read: more orders than that since the send
 * and the outcome stays unknown.
 */
final class SentOrdersLookup {
    static final Duration CLOCK_TOLERANCE = Duration.ofSeconds(5);
    static final int MAX_PAGES = 10;

    /** Either the id of every sent order, in the order sent, or what could be established. */
    record Result(List<String> ids, String whatIsKnown) {
        boolean found() {
            return ids != null;
        }
    }

    private SentOrdersLookup() {
    }

    /**
     * @param page     one page of the market's orders of both sides, newest first (1-based)
     * @param pageSize the number of orders a full page holds
     */
    static Result find(SentOrders sent, IntFunction<List<Order>> page, int pageSize) {
        Instant from = sent.sentAt().minus(CLOCK_TOLERANCE);
        Map<BigDecimal, Map<BigDecimal, List<String>>> candidates = new LinkedHashMap<>();
        int read = 0;
        boolean complete = false;
        for (int index = 1; index <= MAX_PAGES && !complete; index++) {
            List<Order> orders = page.apply(index);
            boolean anyInWindow = false;
            for (Order order : orders) {
                if (order.tradeDate() == null || order.tradeDate().isBefore(from)) {
                    continue;
                }
                anyInWindow = true;
                if (order.side() == sent.side()) {
                    candidates.computeIfAbsent(key(order.price()), p -> new LinkedHashMap<>())
                            .computeIfAbsent(key(order.totalAmount()), a -> new ArrayList<>()).add(order.id());
                }
            }
            read += orders.size();
            complete = orders.size() < pageSize || !anyInWindow;
        }
        if (!complete) {
            return new Result(null, "more than " + read + " orders were placed in " + sent.market()
                    + " since it was sent, too many to tell them apart");
        }
        return match(sent, candidates);
    }

    private static Result match(SentOrders sent, Map<BigDecimal, Map<BigDecimal, List<String>>> candidates) {
        Map<PriceAmount, Integer> wanted = new LinkedHashMap<>();
        sent.pairs().forEach(pair -> wanted.merge(keyed(pair), 1, Integer::sum));
        Map<PriceAmount, Deque<String>> ids = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        List<String> ambiguous = new ArrayList<>();
        wanted.forEach((pair, count) -> {
            List<String> found = candidates.getOrDefault(pair.price(), Map.of()).getOrDefault(pair.amount(), List.of());
            if (found.size() == count) {
                ids.put(pair, new ArrayDeque<>(found.stream().sorted(BY_NUMBER).toList()));
            } else if (found.size() < count) {
                missing.add(describe(pair, count - found.size()));
            } else {
                ambiguous.add(describe(pair, count) + " among " + found.size() + " alike " + found);
            }
        });
        if (missing.isEmpty() && ambiguous.isEmpty()) {
            // Ids grow with time, so alike orders of one write are given back in the order they were sent.
            return new Result(sent.pairs().stream().map(pair -> ids.get(keyed(pair)).poll()).toList(), null);
        }
        StringBuilder known = new StringBuilder("of ").append(sent.pairs().size()).append(" order(s) sent, ");
        int foundCount = ids.values().stream().mapToInt(Deque::size).sum();
        known.append(foundCount).append(" found ").append(ids.values().stream().flatMap(Deque::stream).toList());
        if (!missing.isEmpty()) {
            known.append("; not found: ").append(String.join(", ", missing));
        }
        if (!ambiguous.isEmpty()) {
            known.append("; cannot tell which: ").append(String.join(", ", ambiguous));
        }
        return new Result(null, known.toString());
    }

    private static final Comparator<String> BY_NUMBER = Comparator.comparingInt(String::length)
            .thenComparing(Comparator.naturalOrder());

    private static String describe(PriceAmount pair, int count) {
        return count + " x " + pair.amount().toPlainString() + " at " + pair.price().toPlainString();
    }

    private static PriceAmount keyed(PriceAmount pair) {
        return new PriceAmount(key(pair.price()), key(pair.amount()));
    }

    /** Equal values are equal keys whatever their scale: 60000 and 60000.00 are one price. */
    private static BigDecimal key(BigDecimal value) {
        return value.stripTrailingZeros();
    }
}
