package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ways a route sends a failed write again other than Camel's redelivery, as the guide's chapter on errors
 * describes them: a dead letter channel (with the original message) that tries again, an {@code onException} that
 * handles the failure and sends the write once more. Both run on the same Camel exchange, which remembers the write
 * whose outcome is unknown: it is looked up (a variant A order by its customerOrderId), never sent again blind. A new
 * exchange for the same message remembers nothing: a variant B order is then a new order, which only the route can
 * prevent.
 */
class RedeliveryRoutesTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");
    private static final String BATCH_URI = "exchange:orderMoreV2?market=btc_usdt&tradeType=buy";

    private SimulatorAccount start(Variant variant, RouteBuilder routes) throws Exception {
        simulator = ExchangeSimulator.builder().variant(variant).seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(variant == Variant.A ? ApiVariant.A : ApiVariant.B, "alice", "alice-secret", routes);
        return alice;
    }

    /** A route that tries the write again from a dead letter channel, with the message as it first arrived. */
    private static RouteBuilder deadLetterTriesAgain(String write) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                errorHandler(deadLetterChannel("direct:tryAgain").useOriginalMessage().maximumRedeliveries(0)
                        .logExhausted(false).logStackTrace(false).logHandled(false).loggingLevel(LoggingLevel.OFF));
                from("direct:write").to(write);
                from("direct:tryAgain").errorHandler(noErrorHandler())
                        .doTry().to(write).setProperty("again", constant("ok"))
                        .doCatch(ExchangeOrderStateUnknownException.class)
                        .setProperty("again", simple("${exception.class.simpleName}"))
                        .end();
            }
        };
    }

    @Test
    void aDeadLetterChannelThatTriesABatchAgainLooksItUpInstead() throws Exception {
        SimulatorAccount alice = start(Variant.A, deadLetterTriesAgain(BATCH_URI));
        simulator.faults().inject("orderMoreV2", Fault.http502());
        Exchange reply = send("direct:write", "[[60000, 0.01], [59000, 0.01]]");
        assertThat(reply.getProperty("again")).as("looked again, still unknown")
                .isEqualTo("ExchangeOrderStateUnknownException");
        assertThat(simulator.requestCount("orderMoreV2")).as("never sent again").isEqualTo(1);
        assertThat(alice.orderCount("btc_usdt")).isZero();
    }

    @Test
    void aDeadLetterChannelThatTriesAVariantAOrderAgainFindsTheOrderByItsId() throws Exception {
        SimulatorAccount alice = start(Variant.A, deadLetterTriesAgain("exchange:order"));
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        Exchange reply = send("direct:write", BUY);
        assertThat(reply.getProperty("again")).isEqualTo("ok");
        assertThat(reply.getMessage().getBody(PlacedOrder.class).recovered()).isTrue();
        assertThat(alice.orderCount("btc_usdt")).as("the original message kept its order's id").isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("looked up by its id, never sent again").isEqualTo(1);
    }

    @Test
    void anOnExceptionThatHandlesAndSendsAgainLooksTheOrderUpInstead() throws Exception {
        SimulatorAccount alice = start(Variant.B, new RouteBuilder() {
            @Override
            public void configure() {
                onException(ExchangeOrderStateUnknownException.class).handled(true)
                        .doTry().to("exchange:order").setProperty("again", constant("ok"))
                        .doCatch(ExchangeOrderStateUnknownException.class)
                        .setProperty("again", simple("${exception.class.simpleName}"))
                        .end();
                from("direct:write").to("exchange:order");
            }
        });
        simulator.faults().inject("order", Fault.http502());
        Exchange reply = send("direct:write", BUY);
        assertThat(reply.getException()).isNull();
        assertThat(reply.getProperty("again")).isEqualTo("ExchangeOrderStateUnknownException");
        assertThat(simulator.requestCount("order")).as("never sent again").isEqualTo(1);
        assertThat(alice.orderCount("btc_usdt")).isZero();
    }

    @Test
    void aNewExchangeForTheSameVariantBMessageIsANewOrder() throws Exception {
        SimulatorAccount alice = start(Variant.B, null);
        simulator.faults().inject("order", Fault.http502());
        Exchange first = send("exchange:order", BUY);
        assertThat(first.getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        // What a broker's redelivery does: the same message on a new Camel exchange, which remembers nothing.
        Exchange again = send("exchange:order", BUY);
        assertThat(again.getException()).isNull();
        assertThat(again.getMessage().getBody(PlacedOrder.class).recovered()).isFalse();
        assertThat(simulator.requestCount("order")).isEqualTo(2);
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(1);
    }
}
