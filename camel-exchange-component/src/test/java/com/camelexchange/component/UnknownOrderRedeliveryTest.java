package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.error.ExchangeUnavailableException;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A variant A order whose outcome is unknown, under Camel's redelivery of any failure: each redelivery looks the
 * order up by the customerOrderId it was sent with and never sends it again. The exchange is not relied on to refuse
 * a repeated id (3012): its API reference does not promise that. Whatever the id's origin: generated, the body's,
 * the header's, or derived from {@code CamelExchangeIdempotencyKey}.
 */
class UnknownOrderRedeliveryTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");
    /** Each look-up is one request, so that a test counts the look-ups of each attempt. */
    private static final String ORDER = "exchange:order?readRetries=0";

    /** Where the order's customerOrderId comes from. */
    enum IdOrigin {
        GENERATED, BODY, HEADER, IDEMPOTENCY_KEY
    }

    private SimulatorAccount start(RouteBuilder routes) throws Exception {
        simulator = ExchangeSimulator.builder().variant(Variant.A).seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", routes);
        return alice;
    }

    /** The route of issue 27: Camel redelivers any failure, three times, at once (and quietly, for the build). */
    private static RouteBuilder redeliversAnyFailure(String order) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                onException(Exception.class).maximumRedeliveries(3).redeliveryDelay(0)
                        .logExhausted(false).retryAttemptedLogLevel(LoggingLevel.OFF);
                from("direct:place").to(order);
            }
        };
    }

    private Exchange place(IdOrigin origin) {
        return switch (origin) {
            case GENERATED -> send("direct:place", BUY);
            case BODY -> send("direct:place", BUY.withCustomerOrderId("grid0001"));
            case HEADER -> send("direct:place", BUY, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, "grid0001"));
            case IDEMPOTENCY_KEY -> send("direct:place", BUY,
                    Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "orders-topic/0/1234"));
        };
    }

    @Test
    void anOrderTheExchangeNeverAnswersIsSentOnceAndStaysUnknown() throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure(ORDER + "&requestTimeout=200"));
        // Every request of the trade API is carried out and answered long after the client gave up on it.
        simulator.faults().inject("order", Fault.delay(Duration.ofSeconds(5)), 4)
                .inject("getOrder", Fault.delay(Duration.ofSeconds(5)), 4);
        Exchange reply = send("direct:place", BUY);
        // The client gives up on a request before the simulator need have taken it in: wait until it has.
        Await.until(10, "the simulator took in the order and one look-up per attempt",
                () -> simulator.requestCount("order") >= 1 && simulator.requestCount("getOrder") >= 4);
        assertThat(simulator.requestCount("order")).as("sent once: the three redeliveries only looked")
                .isEqualTo(1);
        assertThat(simulator.requestCount("getOrder")).as("one look-up per attempt").isEqualTo(4);
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
        String cid = reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
            assertThat(e.getMessage()).contains("still unknown after looking again",
                    "not sent again on this Camel exchange", "CamelExchangeCustomerOrderId=" + cid);
            assertThat(e.sent().customerOrderId()).isEqualTo(cid);
            assertThat(e.sent().pairs()).singleElement().satisfies(pair -> {
                assertThat(pair.price()).isEqualByComparingTo("60000");
                assertThat(pair.amount()).isEqualByComparingTo("0.01");
            });
            assertThat(e.getSuppressed()).as("the order's own failure, from the first attempt").singleElement()
                    .isInstanceOfSatisfying(ExchangeTransportException.class, t -> assertThat(t.timedOut()).isTrue());
        });
    }

    @ParameterizedTest
    @EnumSource(IdOrigin.class)
    void aPlacedOrderWhoseLookUpsFailedIsFoundByARedeliveryNotSentAgain(IdOrigin origin) throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure(ORDER));
        // Placed, its reply lost; the look-ups of the first attempt and of the first redelivery fail too.
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 2);
        Exchange reply = place(origin);
        assertThat(reply.getException()).isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isEqualTo(placed.id());
        assertThat(placed.customerOrderId()).isEqualTo(origin == IdOrigin.BODY || origin == IdOrigin.HEADER
                ? "grid0001" : reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID));
        assertThat(simulator.requestCount("order")).as("sent once; found by the second redelivery's look-up")
                .isEqualTo(1);
        assertThat(simulator.requestCount("getOrder")).isEqualTo(3);
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void anIdempotencyKeysOrderStillFoundOnANewExchangeAfterItsOwnRedeliveries() throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure(ORDER));
        // The first message's attempts all end unknown: its reply is lost and every look-up fails.
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 4);
        Exchange first = place(IdOrigin.IDEMPOTENCY_KEY);
        assertThat(first.getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        assertThat(simulator.requestCount("order")).isEqualTo(1);
        // The broker hands the message to another instance: a new exchange, the same key, the same id.
        Exchange again = place(IdOrigin.IDEMPOTENCY_KEY);
        assertThat(again.getException()).isNull();
        assertThat(again.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(again.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID))
                .isEqualTo(first.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID));
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void anOrderARedeliveryDoesNotFindStaysUnknownAndIsNotSentAgain() throws Exception {
        SimulatorAccount alice = start(redeliversAnyFailure(ORDER));
        // A gateway answers 502 and the first look-up fails: the outcome is unknown. The redeliveries' look-ups
        // then find no order with the id, which proves nothing about an order that may still be accepted.
        simulator.faults().inject("order", Fault.http502()).inject("getOrder", Fault.http502());
        Exchange reply = send("direct:place", BUY);
        assertThat(simulator.requestCount("order")).as("never sent again").isEqualTo(1);
        assertThat(simulator.requestCount("getOrder")).isEqualTo(4);
        assertThat(alice.orderCount("btc_usdt")).isZero();
        String cid = reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
            assertThat(e.getMessage()).contains("shows no order with customerOrderId " + cid,
                    "not sent again on this Camel exchange");
            assertThat(e.getSuppressed()).singleElement().isInstanceOf(ExchangeUnavailableException.class);
        });
    }

    @Test
    void aDifferentOrderOnTheSameExchangeIsStillANewOrder() throws Exception {
        SimulatorAccount alice = start(new RouteBuilder() {
            @Override
            public void configure() {
                onException(ExchangeOrderStateUnknownException.class).handled(true)
                        .setProperty("first", header(ExchangeConstants.CUSTOMER_ORDER_ID))
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02")))
                        .to(ORDER);
                from("direct:place").to(ORDER);
            }
        });
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502());
        Exchange reply = send("direct:place", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder second = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(second.recovered()).as("placed, not looked up").isFalse();
        assertThat(second.customerOrderId()).isNotEqualTo(reply.getProperty("first"));
        assertThat(simulator.requestCount("order")).isEqualTo(2);
        assertThat(alice.orderCount("btc_usdt")).as("the unknown one, placed, and the new one").isEqualTo(2);
    }
}
