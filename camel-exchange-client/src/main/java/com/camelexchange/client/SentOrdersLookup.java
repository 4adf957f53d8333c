package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.internal.json.Records;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.PriceAmount;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * Finds the orders a write placed when its reply was lost and it has no id of its own to be found by (a variant B
 * order, a batch): among the account's orders in the market, those of the same side, price and amount numbered
 * above the newest order there was before the write was sent ({@link SentOrders#newestBefore()}). Order numbers only
 * grow, so an alike order placed before the write is never taken for it. Each sent order must match exactly one
 * such order; none is a missing order, more than one an ambiguity, and either leaves the outcome unknown rather
 * than guessed.
 *
 * <p>The first look-up of a write also fixes where its orders end: the newest order its first page shows. An order
 * numbered above that came after the look-up and is not the write's; a later look-up (a redelivery's) reads only
 * up to it. When no first look-up read a page, nothing bounds the write's orders from above, and a later look-up
 * reports what it finds without taking any of it: an alike order placed since by anyone could be the one found.
 *
 * <p>Pages are read newest first until one reaches an order from before the write, the last page is reached, or
 * {@link #MAX_PAGES} pages were read: more orders than that since the send and the outcome stays unknown.
 */
final class SentOrdersLookup {
    static final int MAX_PAGES = 10;

    /**
     * Either the id of every sent order, in the order sent, or what could be established.
     *
     * @param lookedUpTo the newest order number a first look-up saw; null when it read no page
     */
    record Result(List<String> ids, String whatIsKnown, String lookedUpTo) {
        boolean found() {
            return ids != null;
        }
    }

    private SentOrdersLookup() {
    }

    /**
     * @param page     one page of the market's orders of both sides, newest first (1-based)
     * @param pageSize the number of orders a full page holds
     * @param first    whether this is the write's first look-up, which bounds its orders from above
     */
    static Result find(SentOrders sent, IntFunction<List<Order>> page, int pageSize, boolean first) {
        String after = sent.newestBefore();
        String upTo = sent.lookedUpTo();
        Map<BigDecimal, Map<BigDecimal, List<String>>> candidates = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        int read = 0;
        int unreadable = 0;
        boolean complete = false;
        for (int index = 1; index <= MAX_PAGES && !complete; index++) {
            List<Order> orders;
            try {
                orders = page.apply(index);
            } catch (ExchangeClientException e) {
                return new Result(null, "its look-up failed (" + e.getMessage() + ")", upTo);
            }
            if (first && upTo == null) {
                upTo = orders.stream().map(Order::id).reduce(after, OrderIds::newest);
            }
            boolean reachedOlder = false;
            for (Order order : orders) {
                if (!OrderIds.newer(order.id(), after)) {
                    reachedOlder = true;
                } else if ((upTo == null || !OrderIds.newer(order.id(), upTo)) && order.side() == sent.side()
                           && seen.add(order.id())) {
                    // Pages shift while orders arrive: an order seen on two pages counts once.
                    candidates.computeIfAbsent(key(order.price()), p -> new LinkedHashMap<>())
                            .computeIfAbsent(key(order.totalAmount()), a -> new ArrayList<>()).add(order.id());
                }
            }
            read += orders.size();
            unreadable += Records.refused(orders);
            complete = Records.sent(orders) < pageSize || reachedOlder;
        }
        if (!complete) {
            return new Result(null, "more than " + read + " orders were placed in " + sent.market()
                    + " since it was sent, too many to tell them apart", upTo);
        }
        if (unreadable > 0) {
            // A record refused for a value out of bounds may be one of the write's orders, or an alike one: what was
            // read cannot tell them apart for sure.
            return new Result(null, unreadable + " order record(s) in " + sent.market() + " since it was sent could"
                    + " not be read, and any of them may be its own", upTo);
        }
        Result matched = match(sent, candidates, upTo);
        if (matched.found() && upTo == null) {
            return new Result(null, "its first look-up read nothing, so an alike order placed since cannot be told"
                    + " from its own: alike orders since it was sent " + matched.ids(), null);
        }
        return matched;
    }

    private static Result match(SentOrders sent, Map<BigDecimal, Map<BigDecimal, List<String>>> candidates,
                                String upTo) {
        Map<PriceAmount, Integer> wanted = new LinkedHashMap<>();
        sent.pairs().forEach(pair -> wanted.merge(keyed(pair), 1, Integer::sum));
        Map<PriceAmount, Deque<String>> ids = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        List<String> ambiguous = new ArrayList<>();
        wanted.forEach((pair, count) -> {
            List<String> found = candidates.getOrDefault(pair.price(), Map.of()).getOrDefault(pair.amount(), List.of());
            if (found.size() == count) {
                ids.put(pair, new ArrayDeque<>(found.stream().sorted(OrderIds.BY_NUMBER).toList()));
            } else if (found.size() < count) {
                missing.add(describe(pair, count - found.size()));
            } else {
                ambiguous.add(describe(pair, count) + " among " + found.size() + " alike " + found);
            }
        });
        if (missing.isEmpty() && ambiguous.isEmpty()) {
            // Ids grow with time, so alike orders of one write are given back in the order they were sent.
            return new Result(sent.pairs().stream().map(pair -> ids.get(keyed(pair)).poll()).toList(), null, upTo);
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
        return new Result(null, known.toString(), upTo);
    }

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
