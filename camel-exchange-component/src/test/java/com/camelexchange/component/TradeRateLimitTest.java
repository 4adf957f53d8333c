package com.camelexchange.component;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The trade-API limits hold on the client side, and what the exchange still refuses is reported and respected. */
class TradeRateLimitTest extends TradingTestSupport {

    /** Routes {@code direct:r0..r(n-1)}, each placing the order in its body. */
    private static RouteBuilder placingRoutes(int routes, String endpoint) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                for (int i = 0; i < routes; i++) {
                    from("direct:r" + i).to(endpoint);
                }
            }
        };
    }

    private List<Exchange> burst(int routes, int perRoute) throws Exception {
        return sendFromRoutes("r", routes, perRoute, OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001"));
    }

    @Test
    void fiveHundredOrdersFromFiveRoutesSharingOneKeyMeetNoRefusal() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", placingRoutes(5, "exchange:order"));
        List<Exchange> replies = burst(5, 100);
        assertThat(replies).allSatisfy(e -> assertThat(e.getException()).isNull());
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(500);
        assertThat(simulator.errorReplyCount(4002)).isZero();
        assertThat(simulator.errorReplyCount(4001)).isZero();
    }

    @Test
    void variantBKeepsThePerUserLimitAcrossTheUsersKeys() throws Exception {
        simulator = ExchangeSimulator.builder().variant(Variant.B).seed(42).quiet().build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        simulator.addKey(alice, "alice-2", "second-secret");
        startContext(ApiVariant.B, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:r0").to("exchange:order");
                from("direct:r1").to("exchange:order?accessKey=alice-2&secretKey=RAW(second-secret)");
            }
        });
        List<Exchange> replies = burst(2, 45);
        assertThat(replies).allSatisfy(e -> assertThat(e.getException()).isNull());
        assertThat(alice.orderCount("btc_usdt")).isEqualTo(90);
        assertThat(simulator.errorReplyCount(4002)).isZero();
    }

    @Test
    void a4002IsReportedAndTheClientBacksOffBeforeTryingAgain() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet()
                .limits(SimulatorLimits.forVariant(com.camelexchange.simulator.Variant.A).withPerKey(1)).build().start();
        simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", null);
        assertThat(send("exchange:getAccountInfo", null).getException()).isNull();
        Exchange refused = send("exchange:getAccountInfo?readRetries=0", null);
        assertThat(refused.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
            assertThat(e.code()).isEqualTo(4002);
            assertThat(e.category()).isEqualTo(ErrorCategory.RATE_LIMITED);
        });
        // The scope now waits out a second, so the exchange's window has passed when it asks again.
        assertThat(call("exchange:getAccountInfo?readRetries=0", null, AccountInfo.class).entrustPerm()).isTrue();
        assertThat(simulator.errorReplyCount(4002)).isEqualTo(1);
    }

    @Test
    void afterA4001TheComponentStopsSendingInsteadOfProlongingTheLock() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet()
                .limits(SimulatorLimits.forVariant(Variant.A).withPerIp(3)).build().start();
        simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", null);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.setRateLimitMaxWait(200);
        for (int i = 0; i < 3; i++) {
            assertThat(send("exchange:getAccountInfo?readRetries=0", null).getException()).isNull();
        }
        Exchange locked = send("exchange:getAccountInfo?readRetries=0", null);
        assertThat(locked.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
            assertThat(e.code()).isEqualTo(4001);
            assertThat(e.category()).isEqualTo(ErrorCategory.UNAVAILABLE);
        });
        long requests = simulator.requestCount();
        Exchange next = send("exchange:getAccountInfo?readRetries=0", null);
        assertThat(next.getException()).isInstanceOf(ExchangeRateLimitException.class).hasMessageContaining("4001");
        assertThat(simulator.requestCount()).as("nothing sent while locked").isEqualTo(requests);
    }
}
