package com.camelexchange.paper;

import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** The orders consumer in paper mode reports each transition of a paper order once, as in live mode. */
class PaperOrderEventsTest {
    private final List<OrderEvent> events = new CopyOnWriteArrayList<>();

    private RouteBuilder collector() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + LiveStandIn.BTC + "&delay=20")
                        .process(e -> events.add(e.getMessage().getBody(OrderEvent.class)));
            }
        };
    }

    private List<OrderEventType> typesOf(String id) {
        return events.stream().filter(e -> e.order().id().equals(id)).map(OrderEvent::type).toList();
    }

    private List<BigDecimal> tradedOf(String id) {
        return events.stream().filter(e -> e.order().id().equals(id)).map(OrderEvent::tradedSinceLast).toList();
    }

    @Test
    void eachTransitionOfAPaperOrderIsReportedOnce() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, collector())) {
            String resting = paper.place(OrderSide.BUY, "59000.00", "0.2");
            Await.until(10, "NEW", () -> typesOf(resting).contains(OrderEventType.NEW));
            live.trade("58990.00", "0.05", Side.SELL);
            Await.until(10, "PARTIALLY_FILLED", () -> typesOf(resting).contains(OrderEventType.PARTIALLY_FILLED));
            live.trade("58000.00", "1", Side.SELL);
            Await.until(10, "FILLED", () -> typesOf(resting).contains(OrderEventType.FILLED));

            String cancelled = paper.place(OrderSide.SELL, "61000.00", "0.1");
            Await.until(10, "NEW of the sell", () -> typesOf(cancelled).contains(OrderEventType.NEW));
            paper.cancel(cancelled);
            String taken = paper.place(OrderSide.BUY, "60050.00", "0.1");
            Await.until(10, "the taker's FILLED", () -> typesOf(taken).contains(OrderEventType.FILLED));
            Await.until(10, "CANCELLED", () -> typesOf(cancelled).contains(OrderEventType.CANCELLED));

            // A later order's NEW: every poll in between had its chance to repeat an event.
            String last = paper.place(OrderSide.BUY, "50000.00", "0.01");
            Await.until(10, "the last NEW", () -> typesOf(last).contains(OrderEventType.NEW));

            assertThat(typesOf(resting)).containsExactly(OrderEventType.NEW, OrderEventType.PARTIALLY_FILLED,
                    OrderEventType.FILLED);
            assertThat(tradedOf(resting)).usingElementComparator(BigDecimal::compareTo)
                    .containsExactly(BigDecimal.ZERO, new BigDecimal("0.05"), new BigDecimal("0.15"));
            assertThat(typesOf(cancelled)).containsExactly(OrderEventType.NEW, OrderEventType.CANCELLED);
            assertThat(typesOf(taken)).containsExactly(OrderEventType.NEW, OrderEventType.FILLED);
            assertThat(live.signedRequests()).isZero();
        }
    }
}
