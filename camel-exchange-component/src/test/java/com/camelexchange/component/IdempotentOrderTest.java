package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeClientException;
import com.camelexchange.component.api.ExchangeOrderStateUnknownException;
import com.camelexchange.component.api.ExchangeUnavailableException;
import com.camelexchange.component.model.ApiVariant;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
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
    void whenTheLookupFailsTooTheOutcomeIsReportedUnknownAndNotRetried() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        Exchange reply = send("exchange:order", BUY);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class, e -> {
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.getMessage()).contains("customerOrderId=" + reply.getMessage()
                    .getHeader(ExchangeConstants.CUSTOMER_ORDER_ID));
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
        simulator.faults().inject("orderMoreV2", Fault.malformedJson());
        Exchange reply = send("direct:batch", "[[60000, 0.01], [59000, 0.01]]");
        assertThat(reply.getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        assertThat(reply.getException().getSuppressed()).hasSize(1);
        assertThat(alice.orderCount("btc_usdt")).as("the batch went out once").isEqualTo(2);
        assertThat(simulator.requestCount("orderMoreV2")).isEqualTo(1);
    }

    @Test
    void variantBCannotLookAnOrderUpAndSaysSo() throws Exception {
        SimulatorAccount alice = start(Variant.B, null);
        simulator.faults().inject("order", Fault.loseReply());
        Exchange reply = send("exchange:order", BUY);
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                e -> assertThat(e.getMessage()).contains("getUnfinishedOrdersIgnoreTradeType"));
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }

    @Test
    void aCancelWhoseReplyWasLostIsConfirmedByTheOrdersStatus() throws Exception {
        SimulatorAccount alice = start(Variant.A, null);
        PlacedOrder placed = call("exchange:order", BUY, PlacedOrder.class);
        simulator.faults().inject("cancelOrder", Fault.loseReply());
        Exchange cancel = send("exchange:cancelOrder?market=btc_usdt&orderId=" + placed.id(), null);
        assertThat(cancel.getException()).isNull();
        assertThat(alice.openOrderCount("btc_usdt")).isZero();
    }
}
