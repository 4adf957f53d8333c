package com.camelexchange.kamelets;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Trade;
import org.apache.camel.Message;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A source Kamelet without the exchange's address, neither as its own property nor on the component, does not
 * start and says both places it may be set, in the Kamelet's terms; the Kamelet property alone serves it, and its
 * messages carry the headers it declares.
 */
class SourceSettingsTest {
    private ExchangeSimulator simulator;

    @BeforeEach
    void startSimulator() {
        simulator = ExchangeSimulator.builder().seed(23).activity(false).build().start();
    }

    @AfterEach
    void stop() {
        simulator.stop();
    }

    /** A route from the source with only a market (and a trades source a start): no address of its own. */
    private String bareSource(String kamelet) {
        // The trades source starts after the tape's next-to-last trade, so its first poll emits the last one.
        List<Trade> tape = simulator.tape("btc_usdt");
        String since = kamelet.equals("exchange-trades-source")
                ? "\n        since: " + tape.get(tape.size() - 2).tid() : "";
        return """
                - route:
                    from:
                      uri: kamelet:%s
                      parameters:
                        market: btc_usdt
                        delay: 200%s
                      steps:
                        - to: mock:out
                """.formatted(kamelet, since);
    }

    @ParameterizedTest
    @ValueSource(strings = {"exchange-ticker-source", "exchange-trades-source"})
    void aSourceWithoutAnAddressAnywhereDoesNotStartAndSaysWhereToSetIt(String kamelet) {
        try (KameletRoutes routes = new KameletRoutes(Map.of())) {
            assertThatThrownBy(() -> routes.startYaml(bareSource(kamelet)))
                    .rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Kamelet " + kamelet + " has no baseUrl: set the Kamelet property baseUrl"
                            + " (camel.kamelet." + kamelet + ".baseUrl) or the component's"
                            + " camel.component.exchange.baseUrl");
        }
        assertThat(simulator.requestCount()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"exchange-ticker-source", "exchange-trades-source"})
    void theKameletPropertyNamedInThatMessageServesTheSource(String kamelet) throws Exception {
        try (KameletRoutes routes = new KameletRoutes(Map.of("camel.kamelet." + kamelet + ".baseUrl",
                simulator.baseUrl()))) {
            routes.startYaml(bareSource(kamelet));
            MockEndpoint out = routes.context().getEndpoint("mock:out", MockEndpoint.class);
            KameletRoutes.awaitUntil("a message from " + kamelet, () -> out.getReceivedCounter() > 0);
            Message message = out.getReceivedExchanges().get(0).getMessage();
            assertThat(message.getHeader("CamelExchangeMarket")).isEqualTo("btc_usdt");
            // What the Kamelet declares on its output is what its messages carry.
            assertThat(message.getHeaders()).as("the headers " + kamelet + " declares")
                    .containsKeys(KameletDefinitionsTest.declaredOutputHeaders(kamelet).toArray(String[]::new));
            assertThat(message.getHeader("CamelExchangeTimestampMillis"))
                    .isEqualTo(message.getHeader("CamelExchangeTimestamp", Instant.class).toEpochMilli());
        }
    }
}
