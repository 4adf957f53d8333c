package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeDuplicateOrderIdException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeUnavailableException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One message gives at most one order, whatever happens to the reply; an unknown outcome is said, never guessed. */
class IdempotentOrderTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");

    private SimulatorAccount start(Variant variant, RouteBuilder routes) throws Exception {
        simulator = ExchangeSimulator.builder().variant(variant).seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(variant == Variant.A ? ApiVariant.A : ApiVariant.B, "alice", "alice-secret", routes);
        return alice;
    }

    @Test
    void aLostReplyIsResolvedByLookingTheOrderUp() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        simulator.faults().inject("order", Fault.loseReply());
        Exchange reply = send("exchange:order", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("never sent twice").isEqualTo(1);
    }

    @Test
    void aReplyLaterThanTheTimeoutIsResolvedTheSameWay() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        simulator.faults().inject("order", Fault.delay(Duration.ofSeconds(2)));
        PlacedOrder placed = call("exchange:order?requestTimeout=300", BUY, PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void anOrderThatDidNotReachTheExchangeIsRedeliveredWithTheSameIdOnce() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                onException(ExchangeClientException.class)
                        .onWhen(ExchangePredicates.retryable())
                        .maximumRedeliveries(3).redeliveryDelay(10);
                from("direct:place").to("exchange:order");
            }
        });
        simulator.faults().inject("order", Fault.http500()).inject("order", Fault.http502());
        Exchange reply = send("direct:place", BUY);
        assertThat(reply.getException()).isNull();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("two refused by the gateway, one placed").isEqualTo(3);
    }

    @Test
    void sendingTheSameMessageAgainFindsTheFirstOrder() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        Exchange first = send("exchange:order", BUY);
        String cid = first.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        Exchange again = send("exchange:order", BUY, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, cid));
        assertThat(again.getMessage().getBody(PlacedOrder.class).id())
                .isEqualTo(first.getMessage().getBody(PlacedOrder.class).id());
        assertThat(again.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aSecondOrderOnTheSameMessageIsPlacedAsItsOwnOrder() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:twoOrders").to("exchange:order")
                        .setProperty("first", body())
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02")))
                        .to("exchange:order");
            }
        });
        Exchange reply = send("direct:twoOrders", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder first = reply.getProperty("first", PlacedOrder.class);
        PlacedOrder second = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(second.recovered()).as("placed, not found").isFalse();
        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(second.customerOrderId()).isNotEqualTo(first.customerOrderId());
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isEqualTo(second.id());
        assertThat(reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID))
                .isEqualTo(second.customerOrderId());
        assertThat(alice.orderCount("btc_usdt")).as("both orders placed").isEqualTo(2);
        assertThat(call("exchange:getOrder?market=btc_usdt", null, orderId(second.id()), Order.class).price())
                .isEqualByComparingTo("59000");
    }

    @Test
    void theSecondBodysOwnCustomerOrderIdWinsOverWhatTheFirstCallLeft() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:twoOrders").to("exchange:order")
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02")
                                .withCustomerOrderId("grid0002")))
                        .to("exchange:order");
            }
        });
        Exchange reply = send("direct:twoOrders", BUY);
        assertThat(reply.getException()).isNull();
        assertThat(reply.getMessage().getBody(PlacedOrder.class).customerOrderId()).isEqualTo("grid0002");
        assertThat(reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)).isEqualTo("grid0002");
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(2);
    }

    @Test
    void anIdTheFirstBodyGaveIsLeftBehindLikeAGeneratedOne() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:ownIds").to("exchange:order")
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02")
                                .withCustomerOrderId("grid0002")))
                        .to("exchange:order")
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "58000", "0.03")))
                        .to("exchange:order");
            }
        });
        Exchange reply = send("direct:ownIds", BUY.withCustomerOrderId("grid0001"));
        assertThat(reply.getException()).isNull();
        PlacedOrder third = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(third.recovered()).isFalse();
        assertThat(third.customerOrderId()).as("a new id, not grid0002 left by the second call")
                .matches("[0-9a-f]{32}");
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(3);
        assertThat(alice.openOrderCount("btc_usdt")).isEqualTo(3);
    }

    @Test
    void anIdGivenInTheHeaderStaysTheCallersChoice() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:headerId").setHeader(ExchangeConstants.CUSTOMER_ORDER_ID, constant("grid0001"))
                        .to("exchange:order")
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02")))
                        .to("exchange:order");
            }
        });
        Exchange reply = send("direct:headerId", BUY);
        assertThat(reply.getException()).as("the header still names grid0001, taken by another order")
                .isInstanceOfSatisfying(ExchangeDuplicateOrderIdException.class,
                        e -> assertThat(e.customerOrderId()).isEqualTo("grid0001"));
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aCustomerOrderIdAlreadyTakenByAnotherOrderIsATypedErrorNamingIt() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        call("exchange:order", BUY.withCustomerOrderId("grid0001"), PlacedOrder.class);
        Exchange other = send("exchange:order",
                OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.01").withCustomerOrderId("grid0001"));
        assertThat(other.getException()).isInstanceOfSatisfying(ExchangeDuplicateOrderIdException.class, e -> {
            assertThat(e.customerOrderId()).isEqualTo("grid0001");
            assertThat(e.code()).isEqualTo(3012);
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.getMessage()).contains("grid0001");
        });
        assertThat(alice.orderCount("btc_usdt")).as("the second order was not placed").isEqualTo(1);
        Exchange same = send("exchange:order", BUY.withCustomerOrderId("grid0001"));
        assertThat(same.getMessage().getBody(PlacedOrder.class).recovered())
                .as("the same order again is already placed").isTrue();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aRedeliveredOrderOfUnknownOutcomeFindsTheOrderItPlaced() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                // Safe: the redelivery looks the order up by its customerOrderId and never sends it again.
                onException(ExchangeOrderStateUnknownException.class).maximumRedeliveries(1).redeliveryDelay(10);
                from("direct:place").to("exchange:order");
            }
        });
        // The order executes but its reply is lost, and so are the look-ups: the first attempt ends unknown.
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        Exchange reply = send("direct:place", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).as("placed once, found by the redelivery").isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("sent once; the redelivery only looked").isEqualTo(1);
    }

    @Test
    void aMessageRedeliveredElsewhereAfterACrashFindsTheOrderByItsIdempotencyKey() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        // The first instance places the order and dies before it hears back: nothing of its call survives.
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        Exchange crashed = send("exchange:order", BUY, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "orders-topic/0/1234"));
        assertThat(crashed.getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        // The broker hands the same message to another instance: a new Camel exchange, the same key.
        Exchange redelivered = send("exchange:order", BUY, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "orders-topic/0/1234"));
        assertThat(redelivered.getException()).isNull();
        assertThat(redelivered.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(redelivered.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID))
                .isEqualTo(crashed.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID));
        assertThat(alice.orderCount("btc_usdt")).as("placed once").isEqualTo(1);
        // Another message is another order.
        Exchange next = send("exchange:order", BUY, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "orders-topic/0/1235"));
        assertThat(next.getMessage().getBody(PlacedOrder.class).recovered()).isFalse();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(2);
    }

    @Test
    void twoOrdersOnOneMessageWithAKeyAreTwoOrdersAndAReplayFindsBoth() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:buyThenSell")
                        .setHeader(ExchangeConstants.IDEMPOTENCY_KEY, constant("orders-topic/0/77"))
                        .setBody(constant(BUY)).to("exchange:order")
                        .setBody(constant(OrderRequest.limit("btc_usdt", OrderSide.SELL, "90000", "0.01")))
                        .to("exchange:order");
            }
        });
        Exchange first = send("direct:buyThenSell", null);
        assertThat(first.getException()).isNull();
        assertThat(alice.orderCount("btc_usdt")).as("the buy and the sell").isEqualTo(2);
        // The same message replayed on another instance: both orders found, none placed again.
        Exchange replay = send("direct:buyThenSell", null);
        assertThat(replay.getException()).isNull();
        assertThat(replay.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(2);
        assertThat(simulator.requestCount("order")).as("each sent twice, refused once as a duplicate").isEqualTo(4);
    }

    @Test
    void anIdempotencyKeyInVariantBIsRefusedBeforeAnythingIsSent() throws Exception {
        start(Variant.B, null);
        Exchange refused = send("exchange:order", BUY, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "orders-topic/0/1234"));
        assertThat(refused.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining(ExchangeConstants.IDEMPOTENCY_KEY);
        assertThat(simulator.requestCount("order")).isZero();
    }

    @Test
    void whenTheLookupFailsTooTheOutcomeIsReportedUnknownAndNotRetried() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        Exchange reply = send("exchange:order", BUY);
        String cid = reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.getMessage()).contains("CamelExchangeCustomerOrderId=" + cid,
                    "not sent again on this Camel exchange");
            assertThat(e.sent().customerOrderId()).as("what a redelivery looks the order up by").isEqualTo(cid);
            assertThat(reply.getProperty("CamelExchangeUnknownWrite")).as("a redelivery would look, not send")
                    .isNotNull();
        });
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aRedeliveryRuleOnTheCauseTypeCannotResendABatchOfUnknownOutcome() throws Exception {
        SimulatorAccount alice = start(Variant.A, new RouteBuilder() {
            @Override
            public void configure() {
                // A plausible user rule: retry whenever the service was unavailable.
                onException(ExchangeUnavailableException.class).maximumRedeliveries(2).redeliveryDelay(10);
                from("direct:batch").to("exchange:orderMoreV2?market=btc_usdt&tradeType=buy");
            }
        });
        // Not executed, so the look-up finds nothing: the outcome stays unknown, as far as the component can tell.
        simulator.faults().inject("orderMoreV2", Fault.http502());
        Exchange reply = send("direct:batch", "[[60000, 0.01], [59000, 0.01]]");
        assertThat(reply.getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        assertThat(reply.getException().getSuppressed()).hasSize(1);
        assertThat(alice.orderCount("btc_usdt")).as("never sent again").isZero();
        assertThat(simulator.requestCount("orderMoreV2")).isEqualTo(1);
    }

    @Test
    void aBatchWhoseReplyWasLostIsFoundByWhatItsOrdersAre() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "59000", "0.02"), PlacedOrder.class);
        simulator.faults().inject("orderMoreV2", Fault.malformedJson());
        Exchange reply = send("exchange:orderMoreV2?market=btc_usdt&tradeType=buy",
                "[[60000, 0.01], [59000, 0.01], [60000, 0.01]]");
        assertThat(reply.getException()).isNull();
        List<String> ids = reply.getMessage().getBody(List.class);
        assertThat(ids).hasSize(3).doesNotHaveDuplicates();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
        assertThat(call("exchange:getOrder?market=btc_usdt", null, orderId(ids.get(1)), Order.class).totalAmount())
                .as("the earlier order of another amount at 59000 is not taken for the batch's")
                .isEqualByComparingTo("0.01");
        assertThat(Long.parseLong(ids.get(0))).as("alike orders in the order sent").isLessThan(Long.parseLong(ids.get(2)));
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(4);
    }

    @Test
    void anAlikeOrderPlacedBeforeIsNotTakenForTheLostOne() throws Exception {
        SimulatorAccount alice = start(Variant.B, null);
        PlacedOrder earlier = call("exchange:order", BUY, PlacedOrder.class);
        simulator.faults().inject("order", Fault.loseReply());
        Exchange reply = send("exchange:order", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder found = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(found.recovered()).isTrue();
        assertThat(found.id()).as("the order this write placed, numbered after the earlier one")
                .isNotEqualTo(earlier.id());
        assertThat(call("exchange:getOrder?market=btc_usdt", null, orderId(found.id()), Order.class).id())
                .isEqualTo(found.id());
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(2);
    }

    @Test
    void variantBFindsAnOrderWhoseReplyWasLostByWhatItIs() throws Exception {
        SimulatorAccount alice = start(Variant.B, null);
        simulator.faults().inject("order", Fault.loseReply());
        Exchange reply = send("exchange:order", BUY);
        assertThat(reply.getException()).isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(placed.recovered()).isTrue();
        assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isEqualTo(placed.id());
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aCancelWhoseReplyWasLostIsConfirmedByTheOrdersStatus() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        PlacedOrder placed = call("exchange:order", BUY, PlacedOrder.class);
        simulator.faults().inject("cancelOrder", Fault.loseReply());
        Exchange cancel = send("exchange:cancelOrder?market=btc_usdt", null, orderId(placed.id()));
        assertThat(cancel.getException()).isNull();
        assertThat(alice.openOrderCount("btc_usdt")).isZero();
    }
}
