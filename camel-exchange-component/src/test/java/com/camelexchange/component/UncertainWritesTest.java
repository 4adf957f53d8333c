package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Writes whose failure does not prove they did nothing: an error code that only says something went wrong, a
 * reply lost while an alike order exists, a look-up that would outlast the call, and the one transport failure
 * that does prove it (nothing was sent). Each is played through a route with Camel's plain redelivery, which sends
 * again whatever failed.
 */
class UncertainWritesTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");
    private static final String BATCH = "[[60000, 0.01], [59900, 0.01], [59800, 0.01]]";
    private static final String BATCH_URI = "exchange:orderMoreV2?market=btc_usdt&tradeType=buy";

    private SimulatorAccount start(Variant variant, int redeliveries) throws Exception {
        simulator = ExchangeSimulator.builder().variant(variant).seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(variant == Variant.A ? ApiVariant.A : ApiVariant.B, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                errorHandler(defaultErrorHandler().maximumRedeliveries(redeliveries).redeliveryDelay(0)
                        .logExhausted(false).retryAttemptedLogLevel(LoggingLevel.OFF).logStackTrace(false)
                        .logHandled(false).loggingLevel(LoggingLevel.OFF));
                from("direct:write").toD("${header.target}");
            }
        });
        return alice;
    }

    private Exchange write(String uri, Object body) {
        return send("direct:write", body, Map.of("target", uri));
    }

    // ---------------------------------------------------------------- codes that prove nothing

    @Test
    void aBatchAnswered1002AfterItWasPlacedIsFoundNotPlacedAgain() throws Exception {
        SimulatorAccount alice = start(Variant.A, 2);
        simulator.faults().inject("orderMoreV2", Fault.errorReplyAfterExecution(1002));
        Exchange reply = write(BATCH_URI, BATCH);
        assertThat(reply.getException()).isNull();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
        assertThat(reply.getMessage().getBody(List.class)).hasSize(3);
        assertThat(alice.orderCount("btc_usdt")).as("one batch of three, not two").isEqualTo(3);
        assertThat(simulator.requestCount("orderMoreV2")).isEqualTo(1);
    }

    @Test
    void aVariantBOrderAnswered9999AfterItWasPlacedIsFoundNotPlacedAgain() throws Exception {
        SimulatorAccount alice = start(Variant.B, 2);
        simulator.faults().inject("order", Fault.errorReplyAfterExecution(9999));
        Exchange reply = write("exchange:order", BUY);
        assertThat(reply.getException()).isNull();
        assertThat(reply.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).as("placed once").isEqualTo(1);
        assertThat(simulator.requestCount("order")).isEqualTo(1);
    }

    @Test
    void aVariantAOrderAnswered1001IsLookedUpByItsCustomerOrderId() throws Exception {
        SimulatorAccount alice = start(Variant.A, 0);
        simulator.faults().inject("order", Fault.errorReplyAfterExecution(1001));
        Exchange reply = write("exchange:order", BUY);
        assertThat(reply.getException()).as("the order exists: not a failure").isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aBatchAnswered1002BeforeTheEngineIsReportedUnknownAndNeverSentAgain() throws Exception {
        SimulatorAccount alice = start(Variant.A, 2);
        simulator.faults().inject("orderMoreV2", Fault.errorReply(1002));
        Exchange reply = write(BATCH_URI, BATCH);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
            assertThat(e.getMessage()).contains("still unknown after looking again");
            assertThat(e.sent().pairs()).hasSize(3);
            assertThat(e.getSuppressed()).as("the write's own failure, from its first attempt").singleElement()
                    .isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                            refused -> assertThat(refused.code()).isEqualTo(1002));
        });
        assertThat(alice.orderCount("btc_usdt")).isZero();
        assertThat(simulator.requestCount("orderMoreV2")).as("1002 does not prove a refusal").isEqualTo(1);
    }

    @Test
    void aCodeThatProvesARefusalStaysDefiniteWithoutALookUp() throws Exception {
        SimulatorAccount alice = start(Variant.B, 0);
        simulator.faults().inject("order", Fault.errorReply(2009));
        Exchange reply = write("exchange:order", BUY);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                e -> assertThat(e.code()).isEqualTo(2009));
        assertThat(simulator.requestCount("getOrdersIgnoreTradeType")).as("nothing to look up").isZero();
        assertThat(alice.orderCount("btc_usdt")).isZero();
    }

    // ---------------------------------------------------------------- alike orders

    @Test
    void anAlikeOrderFromBeforeIsNotTakenForAnOrderThatDidNotLand() throws Exception {
        SimulatorAccount alice = start(Variant.B, 2);
        PlacedOrder earlier = call("exchange:order", BUY, PlacedOrder.class);
        simulator.faults().inject("order", Fault.http502());
        Exchange reply = write("exchange:order", BUY);
        assertThat(reply.getException()).as("not recovered as the earlier order")
                .isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
                    assertThat(e.sent().newestBefore()).isEqualTo(earlier.id());
                    assertThat(e.getMessage()).contains("0 found", "numbered above " + earlier.id());
                });
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isNotEqualTo(earlier.id());
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("the earlier order and this one, once").isEqualTo(2);
    }

    @Test
    void anAlikeOrderFromBeforeIsNotTakenForABatchOrderThatDidNotLand() throws Exception {
        SimulatorAccount alice = start(Variant.A, 0);
        List<?> earlier = call(BATCH_URI, "[[60000, 0.01]]", List.class);
        simulator.faults().inject("orderMoreV2", Fault.errorReply(1002));
        Exchange reply = write(BATCH_URI, "[[60000, 0.01]]");
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                e -> assertThat(e.getMessage()).contains("not found: 1 x 0.01 at 60000")
                        .doesNotContain(earlier.get(0).toString() + "]"));
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void anAlikeOrderAnotherRoutePlacesMeanwhileIsNotTakenForTheFirstOnesOwn() throws Exception {
        SimulatorAccount alice = start(Variant.B, 0);
        // The first write's read of the newest order is answered late, so that a second alike write could be placed
        // after that read and before the first is sent; the first's order then never lands.
        simulator.faults().inject("getOrders", Fault.delay(Duration.ofMillis(1500)));
        CompletableFuture<Exchange> first = template.asyncSend("direct:write", e -> {
            e.getMessage().setBody(BUY);
            e.getMessage().setHeader("target", "exchange:order");
        });
        Await.until(10, "the first write's read", () -> simulator.requestCount("getOrders") == 1);
        Exchange second = write("exchange:order", BUY);
        simulator.faults().inject("order", Fault.connectionReset());
        Exchange firstReply = first.get();

        assertThat(second.getException()).isNull();
        String secondId = second.getMessage().getHeader(ExchangeConstants.ORDER_ID, String.class);
        assertThat(firstReply.getMessage().getHeader(ExchangeConstants.ORDER_ID))
                .as("the first write never answers with the second's order").isNotEqualTo(secondId);
        assertThat(alice.orderCount("btc_usdt")).as("the alike writes took turns: both placed").isEqualTo(2);
    }

    // ---------------------------------------------------------------- one callTimeout for the whole write

    @Test
    void aVariantAOrderAndItsLookUpEndWithinOneCallTimeout() throws Exception {
        SimulatorAccount alice = start(Variant.A, 0);
        simulator.faults().inject("order", Fault.delay(Duration.ofSeconds(3)));
        Exchange reply = write("exchange:order?callTimeout=1000&requestTimeout=1000", BUY);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                e -> assertThat(e.getMessage()).contains("callTimeout"));
        assertThat(simulator.requestCount("getOrder")).as("no look-up past the call's deadline").isZero();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aBatchAndItsLookUpEndWithinOneCallTimeout() throws Exception {
        SimulatorAccount alice = start(Variant.A, 0);
        simulator.faults().inject("orderMoreV2", Fault.delay(Duration.ofSeconds(3)));
        Exchange reply = write(BATCH_URI + "&callTimeout=1000&requestTimeout=1000", BATCH);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                e -> assertThat(e.getMessage()).contains("callTimeout"));
        assertThat(simulator.requestCount("getOrdersIgnoreTradeType")).as("no look-up past the call's deadline")
                .isZero();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(3);
    }

    // ---------------------------------------------------------------- sent or not

    @Test
    void aWriteRefusedAtConnectingWasNotSentAndMayBeRetried() throws Exception {
        start(Variant.A, 0);
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String nowhere = "tradeUrl=http://127.0.0.1:" + closedPort;
        Exchange order = write("exchange:order?" + nowhere, BUY);
        assertThat(order.getException()).isInstanceOfSatisfying(ExchangeTransportException.class, e -> {
            assertThat(e.requestSent()).isFalse();
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.getMessage()).contains("order got no reply, nothing was sent");
        });
        Exchange batch = write(BATCH_URI + "&" + nowhere, BATCH);
        assertThat(batch.getException()).isInstanceOfSatisfying(ExchangeTransportException.class,
                e -> assertThat(e.requestSent()).isFalse());
        assertThat(batch.getProperty("CamelExchangeUnknownWrite")).as("nothing left to look up").isNull();
    }

    @Test
    void aConnectionClosedAfterTheRequestWasWrittenLeavesTheOutcomeUnknown() throws Exception {
        SimulatorAccount alice = start(Variant.B, 0);
        simulator.faults().inject("order", Fault.connectionReset());
        Exchange reply = write("exchange:order", BUY);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                e -> assertThat(e.getSuppressed()).singleElement().isInstanceOfSatisfying(
                        ExchangeTransportException.class, reset -> assertThat(reset.requestSent()).isTrue()));
        assertThat(alice.orderCount("btc_usdt")).isZero();
        assertThat(reply.getProperty("CamelExchangeUnknownWrite")).as("a redelivery would look, not send")
                .isNotNull();
    }
}
