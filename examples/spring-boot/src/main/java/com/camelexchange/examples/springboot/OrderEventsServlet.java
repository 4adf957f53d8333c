package com.camelexchange.examples.springboot;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Duration;

/**
 * {@code GET /api/orders/events}: the account's order events as server-sent events, as long as the client
 * keeps the connection open ({@code curl -N}, or {@code new EventSource("/api/orders/events")} in a browser).
 * A plain asynchronous servlet next to the Camel endpoints, because it writes without blocking (Spring MVC's
 * {@code SseEmitter} blocks the sending thread on a client that does not read): the events come from
 * {@link OrderEventRoutes} through {@link OrderEventBroadcast}.
 */
public class OrderEventsServlet extends HttpServlet {
    /** How long one response stays open; the client then reconnects. */
    static final Duration TIMEOUT = Duration.ofMinutes(30);

    private final transient OrderEventBroadcast broadcast;
    private final String market;

    public OrderEventsServlet(OrderEventBroadcast broadcast, String market) {
        this.broadcast = broadcast;
        this.market = market;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/event-stream");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Cache-Control", "no-cache");
        AsyncContext async = request.startAsync();
        async.setTimeout(TIMEOUT.toMillis());
        broadcast.subscribe(async, market);
    }
}
