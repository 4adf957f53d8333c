package com.camelexchange.component;

import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.simulator.engine.Order;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The order events a route received, in order, and how they compare with what the simulator's engine says
 * happened to each order.
 */
final class OrderEventLog implements Processor {
    private final List<OrderEvent> events = new CopyOnWriteArrayList<>();

    @Override
    public void process(Exchange exchange) {
        events.add(exchange.getMessage().getBody(OrderEvent.class));
    }

    List<OrderEvent> all() {
        return List.copyOf(events);
    }

    /** The events of one order, in the order received. */
    List<OrderEvent> of(String orderId) {
        return events.stream().filter(e -> e.order().id().equals(orderId)).toList();
    }

    /** The types of one order's events, in order. */
    List<OrderEventType> types(String orderId) {
        return of(orderId).stream().map(OrderEvent::type).toList();
    }

    /** What the events of one order say it traded: the sum of their deltas. */
    BigDecimal tradedOf(String orderId) {
        return of(orderId).stream().map(OrderEvent::tradedSinceLast).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** Whether the events of an order tell all the engine knows of it: NEW, every fill, its end. */
    boolean tellsAllOf(Order truth) {
        String id = Long.toString(truth.id());
        List<OrderEventType> types = types(id);
        if (types.isEmpty() || tradedOf(id).compareTo(truth.filled()) != 0) {
            return false;
        }
        OrderEventType last = types.get(types.size() - 1);
        return switch (truth.state()) {
            case OPEN -> last == OrderEventType.NEW || last == OrderEventType.PARTIALLY_FILLED;
            case FILLED -> last == OrderEventType.FILLED;
            case CANCELLED -> last == OrderEventType.CANCELLED;
        };
    }

    /**
     * Asserts the events of an order are exactly those of the engine's record: one NEW first, fills that
     * add up to what it traded (each positive, running totals), and one final event, last, if it ended.
     */
    void assertExactlyOnce(Order truth) {
        String id = Long.toString(truth.id());
        List<OrderEvent> mine = of(id);
        List<String> problems = new ArrayList<>();
        if (mine.isEmpty() || mine.get(0).type() != OrderEventType.NEW) {
            problems.add("does not start with NEW");
        }
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < mine.size(); i++) {
            OrderEvent e = mine.get(i);
            if (i > 0 && e.type() == OrderEventType.NEW) {
                problems.add("NEW repeated");
            }
            if (e.type() == OrderEventType.PARTIALLY_FILLED && e.tradedSinceLast().signum() <= 0) {
                problems.add("a partial fill without an amount");
            }
            if ((e.type() == OrderEventType.FILLED || e.type() == OrderEventType.CANCELLED) && i != mine.size() - 1) {
                problems.add(e.type() + " is not the last event");
            }
            total = total.add(e.tradedSinceLast());
            if (e.tradedTotal().compareTo(total) != 0) {
                problems.add("tradedTotal " + e.tradedTotal() + " is not the running sum " + total);
            }
        }
        if (total.compareTo(truth.filled()) != 0) {
            problems.add("fills add up to " + total + ", the engine says " + truth.filled());
        }
        if (!tellsAllOf(truth)) {
            problems.add("the last event does not match the state " + truth.state());
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("order " + id + " " + problems + ": " + types(id));
        }
    }
}
