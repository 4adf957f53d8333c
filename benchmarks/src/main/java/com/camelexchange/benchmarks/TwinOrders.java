package com.camelexchange.benchmarks;

import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One account's orders in the fill-realism section, placed and cancelled through an exchange component of its own:
 * the real account's on the simulator, or a paper model's on its paper exchange. The k-th order of every account is
 * a twin of the others' k-th: same step, side, price and amount. Fills are known by step: a paper account's from
 * {@link #poll}, made once a step after the step's market data reached its paper exchange, the real account's from
 * the simulator's fill records ({@link #filled}).
 */
final class TwinOrders implements AutoCloseable {
    /** What became of one order. Steps are the market's (see {@link SecondsStepClock}). */
    static final class Outcome {
        final long placedStep;
        final BigDecimal amount;
        final String id;
        BigDecimal filled = BigDecimal.ZERO;
        long firstFillStep = -1;
        /** A cancel was sent; on a paper exchange with latency it takes effect later. */
        boolean cancelled;
        /** Known for good: filled whole or cancelled, with what it filled read. */
        boolean done;

        Outcome(long placedStep, BigDecimal amount, String id) {
            this.placedStep = placedStep;
            this.amount = amount;
            this.id = id;
        }

        /** The filled amount as of {@code step}: the first step it grew is the first fill's. */
        void filled(BigDecimal now, long step) {
            if (now.compareTo(filled) > 0 && firstFillStep < 0) {
                firstFillStep = step;
            }
            filled = filled.max(now);
        }
    }

    private final String name;
    private final String market;
    private final DefaultCamelContext context = new DefaultCamelContext();
    private final ExchangeComponent component;
    private final ProducerTemplate template;
    private final Map<Integer, Outcome> orders = new LinkedHashMap<>();
    private long failures;

    TwinOrders(String name, String baseUrl, String market, Consumer<ExchangeComponent> options) {
        this.name = name;
        this.market = market;
        component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(baseUrl);
        options.accept(component);
        // A refused cancel of an order that filled meanwhile is expected: counted, never logged with a stack trace.
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
        context.start();
        template = context.createProducerTemplate();
    }

    String name() {
        return name;
    }

    ExchangeComponent component() {
        return component;
    }

    /**
     * Places the {@code index}-th order, sent at {@code step}'s pause (a real order with latency is placed that many
     * steps later, but its delays count from when it was sent, as its paper twin's do).
     */
    void place(int index, long step, OrderSide side, BigDecimal price, BigDecimal amount) {
        PlacedOrder placed = call("exchange:order", OrderRequest.limit(market, side, price.toPlainString(),
                amount.toPlainString()), Map.of(), PlacedOrder.class);
        orders.put(index, new Outcome(step, amount, placed.id()));
    }

    /**
     * Sends the cancel of the {@code index}-th order if it is still open. A refusal means it filled whole since the
     * last poll; {@link #poll} reads what it filled once it has left the open orders.
     */
    void cancel(int index) {
        Outcome o = orders.get(index);
        if (o == null || o.done || o.cancelled) {
            return;
        }
        Exchange reply = send("exchange:cancelOrder?market=" + market, null, Map.of(ExchangeConstants.ORDER_ID, o.id));
        if (reply.getException() != null) {
            failures++;
        }
        o.cancelled = true;
    }

    /**
     * Reads the open orders (one page of 10: the section keeps no more open) and notes what filled in this step: more
     * filled on an open one, all of it on one gone from the list that was not cancelled, and on one gone after a
     * cancel what getOrder says it filled.
     */
    void poll(long step) {
        @SuppressWarnings("unchecked")
        List<Order> open = call("exchange:getUnfinishedOrdersIgnoreTradeType?market=" + market, null,
                Map.of(ExchangeConstants.PAGE_INDEX, 1, ExchangeConstants.PAGE_SIZE, 10), List.class);
        Map<String, Order> byId = new HashMap<>();
        for (Order order : open) {
            byId.put(order.id(), order);
        }
        for (Outcome o : orders.values()) {
            if (o.done) {
                continue;
            }
            Order order = byId.get(o.id);
            if (order == null && o.cancelled) {
                Order last = call("exchange:getOrder?market=" + market, null, Map.of(ExchangeConstants.ORDER_ID, o.id),
                        Order.class);
                o.filled(last.tradeAmount(), step);
                o.done = true;
            } else if (order == null) {
                o.filled(o.amount, step);
                o.done = true;
            } else {
                o.filled(order.tradeAmount(), step);
            }
        }
    }

    /** Open orders as this account last knew them. */
    int open() {
        return (int) orders.values().stream().filter(o -> !o.done).count();
    }

    /** Sets an order's outcome from elsewhere (the real account's, from the simulator's fill records). */
    void filled(int index, BigDecimal amount, long firstFillStep) {
        Outcome o = orders.get(index);
        o.filled = amount;
        o.firstFillStep = firstFillStep;
        o.done = true;
    }

    Map<Integer, Outcome> outcomes() {
        return orders;
    }

    List<Integer> indexes() {
        return new ArrayList<>(orders.keySet());
    }

    /** Cancels refused (the order had filled whole since the last poll). */
    long refusedCancels() {
        return failures;
    }

    private <T> T call(String uri, Object body, Map<String, Object> headers, Class<T> type) {
        Exchange reply = send(uri, body, headers);
        if (reply.getException() != null) {
            throw new IllegalStateException(name + ": " + uri + " failed: " + reply.getException().getMessage(),
                    reply.getException());
        }
        return reply.getMessage().getBody(type);
    }

    private Exchange send(String uri, Object body, Map<String, Object> headers) {
        return template.request(uri, e -> {
            e.getMessage().setBody(body);
            headers.forEach(e.getMessage()::setHeader);
        });
    }

    @Override
    public void close() {
        context.stop();
    }
}
