package com.camelexchange.component;

import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.Fault;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The market list is only a check for market-data calls: while it cannot be fetched, they go ahead unchecked
 * without spending their retries and deadlines on it each time (it is asked for again 30 s after it failed).
 */
class MarketListOutageTest extends SimulatorCamelTest {
    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.seed(7).quiet());

    @Override
    protected ExchangeSimulator simulator() {
        return SIMULATOR.get();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:ticker").to("exchange:ticker?market=btc_usdt&readRetryDelay=0");
            }
        };
    }

    @Test
    void whileTheMarketListIsDownTickersGoAheadWithoutAskingForItEachTime() {
        SIMULATOR.get().faults().inject("markets", Fault.http500(), 1000);
        for (int i = 0; i < 5; i++) {
            assertThat(template.requestBody("direct:ticker", null, Ticker.class).market()).isEqualTo("btc_usdt");
        }
        assertThat(SIMULATOR.get().requestCount("markets"))
                .as("the first call's attempts (1 + readRetries), none by the next four").isEqualTo(3);
        assertThat(SIMULATOR.get().requestCount("ticker")).isEqualTo(5);
    }
}
