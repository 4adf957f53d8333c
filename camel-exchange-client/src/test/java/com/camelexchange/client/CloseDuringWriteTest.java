package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A client closed while an order waits for its reply: the order reached the exchange, so its outcome is unknown to
 * the caller, whatever ends the wait and whatever stops the look-up that would settle it. The caller gets an
 * {@link ExchangeOrderStateUnknownException} with the customerOrderId to look it up by, never a bare
 * {@link IllegalStateException} that reads as "not sent", and the exchange holds the order once.
 */
class CloseDuringWriteTest {
    private static final String MARKET = "btc_usdt";

    private ExchangeSimulator simulator;

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(5).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
    }

    @AfterEach
    void stop() {
        simulator.stop();
    }

    @Test
    void anOrderWhoseClientClosesWhileItsReplyIsPendingEndsUnknownAndIsPlacedOnce() throws Exception {
        ExchangeClient client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .readRetries(0, Duration.ZERO).build();
        // Carried out at once; its reply comes long after the test is over.
        simulator.faults().inject("order", Fault.delay(Duration.ofSeconds(30)), 1);
        String cid = "closeDuringWrite1";
        CompletableFuture<PlacedOrder> placing = CompletableFuture.supplyAsync(() -> client.placeOrder(
                new OrderRequest(MARKET, OrderSide.BUY, new java.math.BigDecimal("1000.12"),
                        new java.math.BigDecimal("0.01"), null, cid, null)));
        Await.until("the exchange holds the order", () -> simulator.account("alice").hasOrder(MARKET, cid)
                || placing.isDone());
        assertThat(placing).as("waiting for its reply").isNotDone();

        client.close();

        assertThatThrownBy(() -> placing.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, unknown -> {
                    assertThat(unknown.sent()).isNotNull();
                    assertThat(unknown.sent().customerOrderId()).isEqualTo(cid);
                    assertThat(unknown.getMessage()).contains(cid);
                });
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once, never sent again").isEqualTo(1);
    }
}
