package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * The K-line limit of one request a second holds however many endpoints of one component ask: two
 * consumers polling flat out and a producer, against a simulator enforcing the limit on its real clock.
 */
class KlineRateLimitTest extends SimulatorCamelTest {

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(
            b -> b.seed(3).activity(false));

    @Override
    protected ExchangeSimulator simulator() {
        return SIMULATOR.get();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:kline?market=btc_usdt&type=1min&delay=1").to("mock:a");
                from("exchange:kline?market=eth_usdt&type=5min&delay=1").to("mock:b");
                from("direct:kline").to("exchange:kline?market=ltc_usdt&type=1hour&size=5").to("mock:c");
            }
        };
    }

    @Test
    void manyEndpointsTogetherNeverExceedOneKlineRequestPerSecond() throws Exception {
        MockEndpoint produced = getMockEndpoint("mock:c");
        produced.expectedMessageCount(3);
        for (int i = 0; i < 3; i++) {
            template.sendBody("direct:kline", null);
        }
        produced.assertIsSatisfied();
        MarketDataConsumerTest.awaitUntil(() -> SIMULATOR.get().requestCount("kline") >= 6);
        assertThat(SIMULATOR.get().errorReplyCount(4002)).as("the exchange never had to refuse").isZero();
    }
}
