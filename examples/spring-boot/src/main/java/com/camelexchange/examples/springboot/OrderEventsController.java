package com.camelexchange.examples.springboot;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * {@code GET /api/orders/events}: the account's order events as server-sent events, as long as the client
 * keeps the connection open ({@code curl -N}, or {@code new EventSource("/api/orders/events")} in a browser).
 * A plain Spring MVC endpoint next to the Camel ones: the events come from {@link OrderEventRoutes}.
 */
@RestController
public class OrderEventsController {
    private final OrderEventBroadcast broadcast;
    private final String market;

    public OrderEventsController(OrderEventBroadcast broadcast,
                                 @Value("${example.order-events.market:btc_usdt}") String market) {
        this.broadcast = broadcast;
        this.market = market;
    }

    @GetMapping(path = "/api/orders/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public SseEmitter events() {
        return broadcast.subscribe(market);
    }
}
