package com.camelexchange.kamelets;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.engine.TickerSnapshot;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * exchange-ticker-source, used from YAML and Java routes, emits the ticker of its market as JSON, polled
 * or streamed, from its own baseUrl or the component's.
 */
class TickerSourceKameletTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ExchangeSimulator simulator;
    private KameletRoutes routes;

    @BeforeEach
    void startSimulator() {
        // No synthetic traders: the books and tape stand still, so the ticker is known exactly.
        simulator = ExchangeSimulator.builder().seed(21).activity(false).build().start();
        routes = new KameletRoutes(Map.of("exchange.baseUrl", simulator.baseUrl()));
    }

    @AfterEach
    void stop() {
        routes.close();
        simulator.stop();
    }

    @Test
    void aPolledTickerArrivesAsJsonWithTheMarketsValues() throws Exception {
        routes.start("routes/ticker-source.yaml");
        Message message = first("mock:tickers");

        assertTicker(message, "eth_usdt");
        assertThat(simulator.requestCount("ticker")).as("polled over REST").isPositive();
        assertThat(simulator.streamConnectionsOpened()).isZero();
    }

    @Test
    void aStreamedTickerComesFromTheWebSocketWithoutAnyTickerRequest() throws Exception {
        routes.start("routes/ticker-source-streaming.yaml");
        Message message = first("mock:tickers");

        assertTicker(message, "btc_usdt");
        assertThat(simulator.streamSubscriptions("btcusdt_ticker")).isEqualTo(1);
        assertThat(simulator.requestCount("ticker")).as("no REST ticker call").isZero();
    }

    @Test
    void aJavaRouteWithoutBaseUrlUsesTheComponentsAddress() throws Exception {
        // camel.component.exchange.baseUrl=... in an application's properties does the same.
        routes.context().getComponent("exchange", ExchangeComponent.class).getConfiguration()
                .setBaseUrl(simulator.baseUrl());
        routes.start(new RouteBuilder() {
            @Override
            public void configure() {
                from("kamelet:exchange-ticker-source?market=btc_usdt&delay=200").to("mock:java");
            }
        });
        assertTicker(first("mock:java"), "btc_usdt");
    }

    @Test
    void aPipeAsksForTheStructOutputAndGetsAJsonNodeWithExactDecimals() throws Exception {
        // The Pipe names no address: the component's serves it, as camel.component.exchange.baseUrl would.
        routes.context().getComponent("exchange", ExchangeComponent.class).getConfiguration()
                .setBaseUrl(simulator.baseUrl());
        routes.start("routes/ticker-pipe.yaml");
        Message message = first("mock:tickers");

        assertThat(message.getBody()).isInstanceOf(JsonNode.class);
        JsonNode ticker = message.getBody(JsonNode.class);
        TickerSnapshot expected = simulator.exchange().ticker("eth_usdt");
        assertThat(ticker.get("market").asText()).isEqualTo("eth_usdt");
        assertThat(decimal(ticker, "buy")).isEqualByComparingTo(expected.buy());
        assertThat(decimal(ticker, "volume")).isEqualByComparingTo(expected.vol());
        assertThat(message.getHeader("CamelExchangeMarket", String.class)).isEqualTo("eth_usdt");
    }

    @Test
    void aRouteThatNamesNoMarketDoesNotStart() {
        assertThatThrownBy(() -> routes.startYaml("""
                - route:
                    id: no-market
                    from:
                      uri: kamelet:exchange-ticker-source
                      parameters:
                        baseUrl: "{{exchange.baseUrl}}"
                      steps:
                        - to: mock:tickers
                """))
                .rootCause().isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exchange-ticker-source")
                .hasMessageEndingWith("mandatory parameters must be provided: market");
        assertThat(simulator.requestCount()).isZero();
    }

    /** A decimal of the JSON, which holds it as a string so that every digit is kept. */
    private static BigDecimal decimal(JsonNode json, String field) {
        assertThat(json.get(field).isTextual()).as(field + " is a JSON string").isTrue();
        return new BigDecimal(json.get(field).asText());
    }

    private Message first(String uri) throws InterruptedException {
        MockEndpoint mock = routes.context().getEndpoint(uri, MockEndpoint.class);
        mock.expectedMinimumMessageCount(1);
        mock.assertIsSatisfied(Duration.ofSeconds(20).toMillis());
        return mock.getReceivedExchanges().get(0).getMessage();
    }

    private void assertTicker(Message message, String market) throws Exception {
        TickerSnapshot expected = simulator.exchange().ticker(market);
        JsonNode ticker = JSON.readTree(message.getBody(String.class));

        assertThat(ticker.get("market").asText()).isEqualTo(market);
        assertThat(decimal(ticker, "buy")).isEqualByComparingTo(expected.buy());
        assertThat(decimal(ticker, "sell")).isEqualByComparingTo(expected.sell());
        assertThat(decimal(ticker, "last")).isEqualByComparingTo(expected.last());
        assertThat(decimal(ticker, "high")).isEqualByComparingTo(expected.high());
        assertThat(decimal(ticker, "low")).isEqualByComparingTo(expected.low());
        assertThat(decimal(ticker, "volume")).isEqualByComparingTo(expected.vol());
        assertThat(decimal(ticker, "sell")).isGreaterThan(decimal(ticker, "buy"));
        Instant date = Instant.parse(ticker.get("date").asText());
        assertThat(date).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));

        assertThat(message.getHeader("Content-Type", String.class)).isEqualTo("application/json");
        assertThat(message.getHeader("CamelExchangeMarket", String.class)).isEqualTo(market);
    }
}
