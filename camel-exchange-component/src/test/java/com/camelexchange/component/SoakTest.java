package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * About a minute of mixed routes against a live simulator that fails 10% of all calls with every kind of
 * fault, drawn from a fixed seed: every order message ends as exactly one order or one typed error, and
 * the trades stream has no gap and no duplicate.
 */
@Tag("soak")
class SoakTest extends TradingTestSupport {
    private static final int ROUTES = 3;
    private static final int ORDERS_PER_ROUTE = 700;
    /** A poll whose every retry met a fault is reported here, not logged with its stack trace. */
    private final ExpectedFailures pollFailures = new ExpectedFailures();

    @Override
    protected void beforeStart(DefaultCamelContext ctx) {
        ctx.getRegistry().bind("pollFailures", pollFailures);
    }

    @Test
    void everyMessageHasExactlyOneOutcomeUnderRandomFaults() throws Exception {
        simulator = ExchangeSimulator.builder().seed(7).activityInterval(Duration.ofMillis(20)).build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                onException(ExchangeClientException.class).onWhen(ExchangePredicates.retryable())
                        .maximumRedeliveries(3).redeliveryDelay(20);
                for (int i = 0; i < ROUTES; i++) {
                    from("direct:o" + i).to("exchange:order");
                }
                from("exchange:trades?market=btc_usdt&delay=100&exceptionHandler=#pollFailures").routeId("trades").to("mock:trades");
                from("exchange:ticker?market=eth_usdt&delay=50&exceptionHandler=#pollFailures").routeId("ticker").to("mock:tickers");
            }
        });
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setRequestTimeout(500);
        component.getConfiguration().setReadRetries(3);
        simulator.faults().random(0.10, 42, List.of(Fault.http500(), Fault.http502(), Fault.htmlErrorPage(),
                Fault.connectionReset(), Fault.delay(Duration.ofSeconds(1)), Fault.malformedJson(), Fault.loseReply()));

        List<Exchange> replies = sendFromRoutes("o", ROUTES, ORDERS_PER_ROUTE,
                OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001"));
        simulator.faults().clear();

        int placed = 0;
        int unknown = 0;
        Set<String> ids = new HashSet<>();
        for (Exchange reply : replies) {
            String cid = reply.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
            assertThat(cid).as("every message got its id before sending").isNotNull();
            if (reply.getException() == null) {
                placed++;
                assertThat(ids.add(reply.getMessage().getBody(PlacedOrder.class).id())).as("distinct orders").isTrue();
                assertThat(alice.hasOrder("btc_usdt", cid)).as("a success is an order").isTrue();
            } else if (reply.getException() instanceof ExchangeOrderStateUnknownException) {
                unknown++;
            } else {
                assertThat(reply.getException()).as("failures are typed").isInstanceOf(ExchangeClientException.class);
                assertThat(alice.hasOrder("btc_usdt", cid)).as("a definite failure placed nothing").isFalse();
            }
        }
        int orders = alice.orderCount("btc_usdt");
        assertThat(orders).as("no order without a message, none twice").isBetween(placed, placed + unknown);
        assertThat(placed).as("most messages got through the faults").isGreaterThan(ROUTES * ORDERS_PER_ROUTE * 8 / 10);

        List<Long> tids = context.getEndpoint("mock:trades", MockEndpoint.class).getExchanges().stream()
                .map(e -> e.getMessage().getBody(Trade.class).tid()).toList();
        assertThat(tids).as("trades kept flowing").hasSizeGreaterThan(50);
        for (int i = 1; i < tids.size(); i++) {
            assertThat(tids.get(i)).as("no gap, no duplicate at %d", i).isEqualTo(tids.get(i - 1) + 1);
        }
        System.out.printf("soak: %d calls, %d order messages: %d placed, %d outcome unknown, %d failed; %d trades"
                          + " in order%n", simulator.requestCount(), replies.size(), placed, unknown,
                replies.size() - placed - unknown, tids.size());
        assertThat(pollFailures.failures()).as("a failed poll is a typed failure")
                .allSatisfy(f -> assertThat(f).isInstanceOf(ExchangeClientException.class));
        assertThat(simulator.errorReplyCount(4002)).isZero();
        assertThat(simulator.errorReplyCount(4001)).isZero();
        assertThat(simulator.requestCount()).as("a soak of a few thousand calls").isGreaterThan(2500);
        context.getRouteController().stopRoute("trades");
        context.getRouteController().stopRoute("ticker");
        assertThat(ClientInternals.transport(component.clientResources()).poolStats().getLeased()).isZero();
    }
}
