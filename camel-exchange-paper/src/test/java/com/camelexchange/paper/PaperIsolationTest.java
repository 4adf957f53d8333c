package com.camelexchange.paper;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What paper mode keeps apart from the live account, whatever the routes say: keys and addresses set on an endpoint,
 * another API variant, the state of the orders and withdrawals consumers, and a component that was stopped.
 */
class PaperIsolationTest {

    @Test
    void anEndpointsOwnKeysAndTradeUrlNeverSignAnything() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            String uri = "exchange:order?accessKey=" + LiveStandIn.REAL_KEY + "&secretKey=" + LiveStandIn.REAL_SECRET
                    + "&tradeUrl=" + live.simulator().tradeUrl();
            PlacedOrder placed = paper.call(uri, OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "0.1"),
                    Map.of(), PlacedOrder.class);

            assertThat(paper.order(placed.id()).price()).isEqualByComparingTo("59000.00");
            assertThat(live.signedRequests()).as("signed requests A received").isZero();
            assertThat(live.simulator().account(LiveStandIn.REAL_KEY).orderCount(BTC)).as("orders on A").isZero();
        }
    }

    @Test
    void aProxyNeverCarriesTheCallsToThePaperExchange() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        // A proxy that nothing listens on: a call sent through it would fail.
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setProxyHost("127.0.0.1");
                 c.setProxyPort(closedPort);
             }, null)) {
            String id = paper.place(OrderSide.BUY, "59000.00", "0.1");

            assertThat(paper.order(id).price()).isEqualByComparingTo("59000.00");
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void anEndpointOfAnotherVariantIsRefusedBeforeAnythingIsSent() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            assertThatThrownBy(() -> paper.context.getEndpoint("exchange:order?apiVariant=B"))
                    .hasRootCauseInstanceOf(ExchangeValidationException.class)
                    .rootCause().hasMessageContaining("apiVariant").hasMessageContaining("paper mode");
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void theOrdersConsumerKeepsItsPaperStateApartFromTheLiveOne() throws Exception {
        MemoryStateRepository states = new MemoryStateRepository();
        states.start();
        states.setState("orders-" + BTC, "the live consumer's state");
        List<OrderEvent> events = new CopyOnWriteArrayList<>();
        RouteBuilder routes = new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:orders?market=" + BTC + "&delay=50&stateRepository=#states&stateKey=orders-" + BTC)
                        .process(e -> events.add(e.getMessage().getBody(OrderEvent.class)));
            }
        };
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.getCamelContext().getRegistry().bind("states", states),
                     routes)) {
            String id = paper.place(OrderSide.BUY, "59000.00", "0.1");
            Await.until(10, "the paper order's NEW event",
                    () -> events.stream().anyMatch(e -> e.type() == OrderEventType.NEW && e.order().id().equals(id)));

            assertThat(states.getState("orders-" + BTC)).as("the live consumer's state")
                    .isEqualTo("the live consumer's state");
            assertThat(states.getState("paper:orders-" + BTC)).as("the paper consumer's state").contains(id);
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void theWithdrawalsConsumerKeepsItsPaperStateApartFromTheLiveOne() throws Exception {
        MemoryStateRepository states = new MemoryStateRepository();
        states.start();
        states.setState("withdrawals-btc", "the live consumer's state");
        RouteBuilder routes = new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:withdrawals?coin=btc&delay=50&stateRepository=#states&stateKey=withdrawals-btc")
                        .process(e -> { });
            }
        };
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.getCamelContext().getRegistry().bind("states", states),
                     routes)) {
            // The first poll stores the watch at once (it says from where on records are announced).
            Await.until(10, "the paper consumer's state", () -> states.getState("paper:withdrawals-btc") != null);

            assertThat(states.getState("withdrawals-btc")).as("the live consumer's state")
                    .isEqualTo("the live consumer's state");
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void aStoppedComponentStartsNoPaperExchangeAndSignsNothing() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            paper.place(OrderSide.BUY, "59000.00", "0.1");
            paper.component.stop();

            Exchange reply = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "0.1"),
                    Map.of());

            assertThat(reply.getException()).as("a call after the stop fails").isNotNull();
            assertThat(paper.component.paperExchange()).as("no paper exchange came back").isNull();
            assertThat(live.signedRequests()).isZero();
        }
    }
}
