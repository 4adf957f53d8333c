package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every operation meets every fault of the simulator once. Reads recover by retry; an order or a cancel
 * ends in exactly one outcome at the exchange, through redelivery where the request never arrived; a batch
 * is found by what its orders are, or says with a typed exception that its effect cannot be known; the HTTP
 * pool keeps no connection leased.
 */
class FaultMatrixTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");

    static Stream<Arguments> cases() {
        List<Fault> faults = List.of(Fault.http500(), Fault.http502(), Fault.htmlErrorPage(), Fault.connectionReset(),
                Fault.errorReply(1002), Fault.delay(Duration.ofMillis(1200)), Fault.malformedJson(), Fault.loseReply(),
                Fault.http504(), Fault.errorReplyAfterExecution(1002));
        List<Arguments> cases = new ArrayList<>();
        for (ExchangeOperation operation : ExchangeOperation.values()) {
            if (operation.consumerOnly()) {
                continue; // event streams have no producer; their consumers meet faults in their own tests
            }
            for (Fault fault : faults) {
                cases.add(Arguments.of(operation, fault));
            }
        }
        return cases.stream();
    }

    private SimulatorAccount alice;

    private void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).activity(false).history(true)
                .limits(SimulatorLimits.none()).build().start();
        alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                // Writes may be redelivered only when the failure says so; the component keeps them unique.
                onException(ExchangeClientException.class)
                        .onWhen(ExchangePredicates.retryable())
                        .maximumRedeliveries(2).redeliveryDelay(10);
                from("direct:write").toD("${header.target}");
            }
        });
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setRequestTimeout(400);
    }

    @ParameterizedTest(name = "{0} meets {1}")
    @MethodSource("cases")
    void theOutcomeIsKnownAndNoConnectionLeaks(ExchangeOperation operation, Fault fault) throws Exception {
        start();
        String placedId = operation.signed() && operation != ExchangeOperation.order
                          && operation != ExchangeOperation.orderMoreV2
                ? call("exchange:order", BUY, PlacedOrder.class).id() : null;
        call("exchange:markets", null, Map.class);
        simulator.faults().inject(operation.name(), fault);

        switch (operation) {
            case markets -> assertThat(call("exchange:markets", null, Map.class)).containsKey("btc_usdt");
            case allTicker -> assertThat(call("exchange:allTicker", null, Map.class)).hasSize(6);
            case ticker -> assertThat(call("exchange:ticker?market=btc_usdt", null, Ticker.class).sell()).isPositive();
            case depth -> assertThat(call("exchange:depth?market=btc_usdt", null, Depth.class).asks()).isNotEmpty();
            case trades -> assertThat(call("exchange:trades?market=btc_usdt", null, List.class)).hasSize(50);
            case kline -> assertThat(call("exchange:kline?market=btc_usdt&type=1hour", null, List.class)).isNotEmpty();
            case getOrder -> assertThat(call("exchange:getOrder?market=btc_usdt", null, orderId(placedId),
                    Order.class).id()).isEqualTo(placedId);
            case getOrders -> assertThat(call("exchange:getOrders?market=btc_usdt&tradeType=buy", null, List.class))
                    .hasSize(1);
            case getOrdersIgnoreTradeType -> assertThat(call("exchange:getOrdersIgnoreTradeType?market=btc_usdt",
                    null, List.class)).hasSize(1);
            case getUnfinishedOrdersIgnoreTradeType -> assertThat(call(
                    "exchange:getUnfinishedOrdersIgnoreTradeType?market=btc_usdt", null, List.class)).hasSize(1);
            case getAccountInfo -> assertThat(call("exchange:getAccountInfo", null, AccountInfo.class).coins())
                    .isNotEmpty();
            case getUserAddress -> assertThat(call("exchange:getUserAddress?coin=btc", null, Address.class).address())
                    .isNotBlank();
            case getWithdrawAddress -> assertThat(call("exchange:getWithdrawAddress?coin=btc", null, Address.class)
                    .address()).isNotBlank();
            case getWithdrawRecord -> assertThat(call("exchange:getWithdrawRecord?coin=btc", null, WithdrawPage.class)
                    .totalCount()).isEqualTo(23);
            case order -> {
                Exchange reply = send("direct:write", BUY, Map.of("target", "exchange:order"));
                assertThat(reply.getException()).isNull();
                assertThat(alice.orderCount("btc_usdt")).as("exactly one order").isEqualTo(1);
            }
            case cancelOrder -> {
                Exchange reply = send("direct:write", null, Map.of("target", "exchange:cancelOrder?market=btc_usdt",
                        ExchangeConstants.ORDER_ID, placedId));
                assertThat(reply.getException()).isNull();
                assertThat(alice.openOrderCount("btc_usdt")).as("cancelled").isZero();
            }
            case orderMoreV2 -> {
                Exchange reply = send("direct:write", "[[60000, 0.01], [59000, 0.01]]",
                        Map.of("target", "exchange:orderMoreV2?market=btc_usdt&tradeType=buy"));
                // Executed: found by what its orders are. Not executed: nothing found, reported, never sent again.
                if (fault.kind().executes()) {
                    assertThat(reply.getException()).isNull();
                    assertThat(reply.getMessage().getBody(List.class)).hasSize(2);
                    assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED)).isEqualTo(true);
                } else {
                    assertThat(reply.getException()).as("not found: reported, not guessed")
                            .isInstanceOf(ExchangeOrderStateUnknownException.class);
                }
                assertThat(alice.orderCount("btc_usdt")).as("placed once or not at all")
                        .isEqualTo(fault.kind().executes() ? 2 : 0);
                assertThat(simulator.requestCount("orderMoreV2")).as("sent once").isEqualTo(1);
            }
            default -> throw new IllegalStateException("no case for " + operation);
        }
        assertThat(simulator.faults().pending(operation.name())).as("the fault was met").isZero();
        assertThat(ClientInternals.transport(context.getComponent("exchange", ExchangeComponent.class).clientResources()).poolStats().getLeased())
                .as("no connection left leased").isZero();
    }
}
