package com.camelexchange.simulator.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Paper orders and cancels on their way to the book, each due at a time of the market's clock (sent plus the
 * model's latency). What is due comes out in the order it reaches the book: by time, an order before a cancel at
 * the same moment (a cancel sent right after an order follows it), then in the order they were sent. Guarded by the
 * exchange lock.
 */
final class InFlight {
    /** An order on its way ({@code cancel} false) or its cancel, due at {@code at}, the {@code sent}-th sent. */
    record Message(Order order, boolean cancel, long at, long sent) {
    }

    private static final Comparator<Message> ARRIVAL = Comparator.comparingLong(Message::at)
            .thenComparing(Message::cancel).thenComparingLong(Message::sent);

    private final Map<String, List<Message>> byMarket = new HashMap<>();
    private long sent;

    void order(Order order, long at) {
        add(new Message(order, false, at, sent++));
    }

    /** A cancel of an order, unless one is already on its way: the first one sent takes effect first. */
    void cancel(Order order, long at) {
        List<Message> messages = byMarket.get(order.market().name());
        if (messages != null && messages.stream().anyMatch(m -> m.cancel() && m.order() == order)) {
            return;
        }
        add(new Message(order, true, at, sent++));
    }

    private void add(Message message) {
        byMarket.computeIfAbsent(message.order().market().name(), m -> new ArrayList<>()).add(message);
    }

    /** Whether the order itself is still on its way. */
    boolean sending(Order order) {
        List<Message> messages = byMarket.get(order.market().name());
        return messages != null && messages.stream().anyMatch(m -> !m.cancel() && m.order() == order);
    }

    /** Takes out what is due strictly before {@code before} in a market, in the order it reaches the book. */
    List<Message> dueBefore(String market, long before) {
        List<Message> messages = byMarket.get(market);
        if (messages == null || messages.isEmpty()) {
            return List.of();
        }
        List<Message> due = new ArrayList<>();
        for (Iterator<Message> it = messages.iterator(); it.hasNext(); ) {
            Message m = it.next();
            if (m.at() < before) {
                due.add(m);
                it.remove();
            }
        }
        due.sort(ARRIVAL);
        return due;
    }
}
