package com.camelexchange.examples.springboot;

import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The account's order events in one market ({@code example.order-events.market}, default btc_usdt), passed on
 * to the users connected to {@code GET /api/orders/events}. The orders consumer polls the account's order
 * listings (signed calls, within the key's rate limits) and emits each change once: NEW, PARTIALLY_FILLED,
 * FILLED, CANCELLED, for orders placed through this application or anywhere else.
 */
@Component
public class OrderEventRoutes extends RouteBuilder {
    private final OrderEventBroadcast broadcast;

    public OrderEventRoutes(OrderEventBroadcast broadcast) {
        this.broadcast = broadcast;
    }

    @Override
    public void configure() {
        // tag::order-events[]
        from("exchange:orders?market={{example.order-events.market:btc_usdt}}&delay=1000&initialDelay=0")
                .routeId("order-events")
                .log("${header.CamelExchangeOrderEvent} order ${header.CamelExchangeOrderId}")
                .bean(broadcast, "publish");                        // to every GET /api/orders/events
        // end::order-events[]
    }
}
