package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A producer whose component stops while its order waits for the reply: the order reached the exchange, and the
 * route gets {@link ExchangeOrderStateUnknownException} with the customerOrderId to look it up by, not the bare
 * "connection pool is closed" of the look-up that could not be made; the exchange holds the order once.
 */
class StopDuringWriteTest extends TradingTestSupport {

    @Test
    void anOrderWhoseComponentStopsWhileItsReplyIsPendingEndsUnknownAndIsPlacedOnce() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:place").to("exchange:order");
            }
        });
        // Carried out at once; its reply comes long after the test is over.
        simulator.faults().inject("order", Fault.delay(Duration.ofSeconds(30)), 1);
        String cid = "stopDuringWrite1";
        OrderRequest order = new OrderRequest("btc_usdt", OrderSide.BUY, new java.math.BigDecimal("60000"),
                new java.math.BigDecimal("0.01"), null, cid, null);
        CompletableFuture<Exchange> placing = template.asyncSend("direct:place", e -> e.getMessage().setBody(order));
        Await.until(20, "the exchange holds the order", () -> alice.hasOrder("btc_usdt", cid) || placing.isDone());
        assertThat(placing).as("waiting for its reply").isNotDone();

        context.getComponent("exchange", ExchangeComponent.class).stop();

        Exception failure = placing.get(20, TimeUnit.SECONDS).getException();
        assertThat(failure).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, unknown -> {
            assertThat(unknown.sent().customerOrderId()).isEqualTo(cid);
            assertThat(unknown.getMessage()).contains(cid);
        });
        assertThat(alice.orderCount("btc_usdt")).as("placed once, never sent again").isEqualTo(1);
    }
}
