package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Faults on demand: each is played for the next N calls of one method, and whether the order was
 * carried out is exactly as {@link Fault.Kind#executes()} says.
 */
class FaultsTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;

    @BeforeEach
    void account() {
        simulator.get().createAccount("alice", "alice-secret");
        alice = ReferenceClient.of(simulator.get(), "alice", "alice-secret");
    }

    private HttpResponse<String> placeOrder() {
        return alice.apiRaw("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1");
    }

    private int openOrders() {
        JsonNode reply = alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "10");
        return reply.isArray() ? reply.size() : 0;
    }

    @Test
    void serverErrorsAreNotExecuted() {
        simulator.get().faults().inject("order", Fault.http500()).inject("order", Fault.http502());
        HttpResponse<String> first = placeOrder();
        assertThat(first.statusCode()).isEqualTo(500);
        assertThat(first.headers().firstValue("content-type")).hasValueSatisfying(v -> assertThat(v).contains("html"));
        assertThat(placeOrder().statusCode()).isEqualTo(502);
        assertThat(openOrders()).isZero();
        assertThat(placeOrder().statusCode()).as("faults are used up").isEqualTo(200);
        assertThat(openOrders()).isEqualTo(1);
    }

    @Test
    void anHtmlPageWithStatus200IsNotExecuted() {
        simulator.get().faults().inject("ticker", Fault.htmlErrorPage(), 2);
        HttpResponse<String> page = alice.get("/data/v1/ticker?market=btc_usdt");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).startsWith("<!DOCTYPE html>");
        assertThat(alice.get("/data/v1/ticker?market=btc_usdt").body()).startsWith("<!DOCTYPE html>");
        assertThat(alice.data("ticker", "market", "btc_usdt").has("ticker")).isTrue();
        assertThat(simulator.get().faults().pending("ticker")).isZero();
    }

    private String placeOrderOnce() {
        return alice.statusLineOnce(alice.signedPath("order", "currency", "btc_usdt", "price", "60000",
                "amount", "0.01", "tradeType", "1"), true);
    }

    @Test
    void aResetConnectionIsNotExecuted() {
        simulator.get().faults().inject("order", Fault.connectionReset());
        assertThat(placeOrderOnce()).as("no reply at all").isNull();
        assertThat(openOrders()).isZero();
        assertThat(placeOrderOnce()).contains(" 200 ");
        assertThat(openOrders()).isEqualTo(1);
    }

    @Test
    void aLostReplyMeansTheOrderWasPlaced() {
        simulator.get().faults().inject("order", Fault.loseReply());
        assertThat(placeOrderOnce()).as("no reply at all").isNull();
        assertThat(openOrders()).as("executed, only the reply was lost").isEqualTo(1);
        assertThat(simulator.get().requestCount("order")).isEqualTo(1);
    }

    @Test
    void aDelayPastTheClientTimeoutStillExecutes() {
        simulator.get().faults().inject("order", Fault.delay(Duration.ofSeconds(2)));
        alice.timeout(Duration.ofMillis(300));
        assertThatThrownBy(this::placeOrder).hasRootCauseInstanceOf(HttpTimeoutException.class);
        alice.timeout(Duration.ofSeconds(10));
        assertThat(openOrders()).isEqualTo(1);
    }

    @Test
    void aDroppedReplyNeverComesAfterExecution() {
        simulator.get().faults().inject("order", Fault.dropReply());
        alice.timeout(Duration.ofMillis(300));
        assertThatThrownBy(this::placeOrder).hasRootCauseInstanceOf(HttpTimeoutException.class);
        alice.timeout(Duration.ofSeconds(10));
        assertThat(openOrders()).isEqualTo(1);
    }

    @Test
    void malformedJsonIsCutAfterExecution() {
        simulator.get().faults().inject("order", Fault.malformedJson());
        HttpResponse<String> reply = placeOrder();
        assertThat(reply.statusCode()).isEqualTo(200);
        assertThatThrownBy(() -> new com.fasterxml.jackson.databind.ObjectMapper().readTree(reply.body()))
                .isInstanceOf(IOException.class);
        assertThat(openOrders()).isEqualTo(1);
    }

    @Test
    void anErrorReplyIsNotExecutedAndOneAfterExecutionIs() {
        simulator.get().faults().inject("order", Fault.errorReply(1002))
                .inject("order", Fault.errorReplyAfterExecution(9999));
        HttpResponse<String> refused = placeOrder();
        assertThat(refused.statusCode()).isEqualTo(200);
        assertThat(refused.body()).contains("\"code\":\"1002\"");
        assertThat(openOrders()).as("refused before the engine").isZero();
        assertThat(placeOrder().body()).contains("\"code\":\"9999\"");
        assertThat(openOrders()).as("carried out, answered with an error all the same").isEqualTo(1);
    }

    @Test
    void aGatewayTimeoutComesAfterExecution() {
        simulator.get().faults().inject("order", Fault.http504());
        assertThat(placeOrder().statusCode()).isEqualTo(504);
        assertThat(openOrders()).as("the gateway passed the order on").isEqualTo(1);
    }

    @Test
    void anyMethodFaultsApplyWhereNoOwnFaultIsQueued() {
        simulator.get().faults().inject(FaultPlan.ANY, Fault.http502());
        assertThat(alice.get("/data/v1/markets").statusCode()).isEqualTo(502);
        assertThat(alice.get("/data/v1/markets").statusCode()).isEqualTo(200);
    }
}
