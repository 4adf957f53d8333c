package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every order ever placed, by id, by user and by customer order id, and the sequences that number new
 * ones. Guarded by the exchange lock.
 */
final class OrderHistory {
    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();

    private final Map<Long, Order> byId = new HashMap<>();
    private final Map<User, List<Order>> byUser = new HashMap<>();
    private final Map<User, Map<String, Order>> byCustomerId = new HashMap<>();
    /**
     * The users whose list is not in {@link #NEWEST_LAST} order (an import, a clock set back): their pages are
     * sorted; the others' are read from the end of the list, so that a page costs its length, not the history's.
     */
    private final java.util.Set<User> outOfOrder = new java.util.HashSet<>();
    private static final Comparator<Order> NEWEST_LAST = Comparator.comparingLong(Order::createdAt)
            .thenComparingLong(Order::id);
    private long nextOrderSequence = 1;
    private long nextBookSequence = 1;

    /** A new order, numbered and kept. */
    /** @param marketTime when the order is placed by the external market's clock; {@code now} without one */
    Order create(User user, MarketSpec spec, OrderCommand command, long now, long marketTime) {
        Order order = new Order(newOrderId(now), command.customerOrderId(), user, spec, command.side(),
                command.price(), command.amount(), command.type(), command.acctType(), now, marketTime,
                nextBookSequence++);
        keep(order);
        return order;
    }

    /** Keeps an order made elsewhere (an imported one). */
    void keep(Order order) {
        byId.put(order.id(), order);
        List<Order> orders = byUser.computeIfAbsent(order.user(), u -> new ArrayList<>());
        if (!orders.isEmpty() && NEWEST_LAST.compare(orders.get(orders.size() - 1), order) >= 0) {
            outOfOrder.add(order.user());
        }
        orders.add(order);
        if (order.customerOrderId() != null) {
            customerIds(order.user()).put(order.customerOrderId(), order);
        }
    }

    boolean hasCustomerId(User user, String customerOrderId) {
        return customerIds(user).containsKey(customerOrderId);
    }

    /** The user's order in a market by id or customer order id, or error 3001. */
    Order find(User user, String marketName, Long id, String customerOrderId) {
        Order order = id != null ? byId.get(id) : customerIds(user).get(customerOrderId);
        if (order == null || order.user() != user || !order.market().name().equals(marketName)) {
            throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "Order not found");
        }
        return order;
    }

    /** One page (from 1) of the user's orders in a market, newest first; {@code side} null for both. */
    List<Order> page(User user, String marketName, Side side, boolean openOnly, int pageIndex, int pageSize) {
        Predicate<Order> wanted = o -> o.market().name().equals(marketName)
                && (side == null || o.side() == side) && (!openOnly || o.isOpen());
        if (outOfOrder.contains(user)) {
            return of(user).stream()
                    .filter(wanted)
                    .sorted(NEWEST_LAST.reversed())
                    .skip((long) (pageIndex - 1) * pageSize)
                    .limit(pageSize)
                    .toList();
        }
        // Newest last already: the same page, read backwards and stopped once full.
        List<Order> orders = of(user);
        long skip = (long) (pageIndex - 1) * pageSize;
        List<Order> page = new ArrayList<>(Math.min(pageSize, 64));
        for (int i = orders.size() - 1; i >= 0 && page.size() < pageSize; i--) {
            Order order = orders.get(i);
            if (wanted.test(order)) {
                if (skip > 0) {
                    skip--;
                } else {
                    page.add(order);
                }
            }
        }
        return List.copyOf(page);
    }

    /** The user's orders in the order they were placed (or imported). */
    List<Order> of(User user) {
        return byUser.getOrDefault(user, List.of());
    }

    List<Fill> fills(User user) {
        return of(user).stream().flatMap(o -> o.fills().stream()).sorted(Comparator.comparingLong(Fill::id))
                .toList();
    }

    long nextOrderSequence() {
        return nextOrderSequence;
    }

    long nextBookSequence() {
        return nextBookSequence;
    }

    /** Never numbers an order below what an imported history used. */
    void restoreSequences(long orderSequence, long bookSequence) {
        nextOrderSequence = Math.max(nextOrderSequence, orderSequence);
        nextBookSequence = Math.max(nextBookSequence, bookSequence);
    }

    private Map<String, Order> customerIds(User user) {
        return byCustomerId.computeIfAbsent(user, u -> new HashMap<>());
    }

    /** Order numbers look like the real ones: the UTC date followed by a ten-digit sequence. */
    private long newOrderId(long now) {
        LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(now, DAY_MILLIS));
        long datePrefix = day.getYear() * 10_000L + day.getMonthValue() * 100L + day.getDayOfMonth();
        return datePrefix * 10_000_000_000L + nextOrderSequence++;
    }
}
