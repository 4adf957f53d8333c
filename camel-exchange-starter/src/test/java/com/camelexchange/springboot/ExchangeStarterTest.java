package com.camelexchange.springboot;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter in a real Spring Boot application (web server and Actuator on a random port) against the
 * simulator: properties bind onto the component, routes sign and send, the component's health checks show
 * under Camel's indicator, and the keys never appear in the Actuator endpoints even with values shown.
 */
@CamelSpringBootTest
@SpringBootTest(classes = StarterTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
                properties = {
                        "camel.component.exchange.read-retries=4",
                        "camel.component.exchange.rate-limit-max-wait=12000",
                        "camel.component.exchange.market-data-requests-per-second=7",
                        "camel.health.producers-enabled=true",
                        "camel.health.exposure-level=full",
                        "management.endpoints.web.exposure.include=health,configprops,env",
                        "management.endpoint.health.show-details=always",
                        "management.endpoint.configprops.show-values=always",
                        "management.endpoint.env.show-values=always" })
class ExchangeStarterTest {
    private static final String ACCESS_KEY = "starter-access-key-1";
    private static final String SECRET_KEY = "starter-secret-key-which-must-stay-hidden";
    private static final ExchangeSimulator SIMULATOR = ExchangeSimulator.builder().seed(5)
            .key(ACCESS_KEY, SECRET_KEY).build().start();

    @DynamicPropertySource
    static void exchange(DynamicPropertyRegistry registry) {
        registry.add("camel.component.exchange.base-url", SIMULATOR::baseUrl);
        registry.add("camel.component.exchange.api-variant", () -> "A");
        registry.add("camel.component.exchange.access-key", () -> ACCESS_KEY);
        registry.add("camel.component.exchange.secret-key", () -> SECRET_KEY);
    }

    @AfterAll
    static void stopSimulator() {
        SIMULATOR.stop();
    }

    @Autowired
    CamelContext camelContext;
    @Autowired
    ProducerTemplate producer;
    @LocalServerPort
    int port;

    @Test
    void propertiesBindOntoTheComponent() {
        ExchangeComponent component = camelContext.getComponent("exchange", ExchangeComponent.class);
        assertThat(component.getConfiguration().getBaseUrl()).isEqualTo(SIMULATOR.baseUrl());
        assertThat(component.getConfiguration().getApiVariant()).isEqualTo(ApiVariant.A);
        assertThat(component.getConfiguration().getReadRetries()).isEqualTo(4);
        assertThat(component.getRateLimitMaxWait()).isEqualTo(12000);
        assertThat(component.getMarketDataRequestsPerSecond()).isEqualTo(7);
        // Unset properties keep the component's own defaults.
        assertThat(component.getConnectTimeout()).isEqualTo(5000);
        assertThat(component.getConfiguration().getPageSize()).isEqualTo(10);
    }

    @Test
    void routesReadMarketDataAndPlaceSignedOrders() {
        Ticker ticker = producer.requestBody("direct:ticker", null, Ticker.class);
        assertThat(ticker.market()).isEqualTo("btc_usdt");
        assertThat(ticker.buy()).isPositive();

        Exchange placed = producer.request("direct:order", e -> e.getIn().setBody(
                OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000.00", "0.0100")));
        assertThat(placed.getException()).isNull();
        String id = placed.getMessage().getBody(PlacedOrder.class).id();
        assertThat(placed.getMessage().getHeader(ExchangeConstants.ORDER_ID, String.class)).isEqualTo(id);
        String customerOrderId = placed.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        assertThat(SIMULATOR.account(ACCESS_KEY).hasOrder("btc_usdt", customerOrderId)).isTrue();
    }

    @Test
    void theComponentsHealthChecksShowUnderCamelsIndicator() throws Exception {
        producer.requestBody("direct:ticker", null, Ticker.class); // the producer exists once a route used it
        String health = get("/actuator/health");
        assertThat(health).contains("\"camelHealth\"").contains("producer:exchange-");
        assertThat(health).doesNotContain(SECRET_KEY);
    }

    @Test
    void theKeysAreMaskedByConfigpropsAndEnvEvenWithValuesShown() throws Exception {
        String configprops = get("/actuator/configprops");
        String env = get("/actuator/env");
        // The endpoints do show values (the base URL proves it) ...
        assertThat(configprops).contains(SIMULATOR.baseUrl());
        assertThat(env).contains(SIMULATOR.baseUrl());
        // ... but neither key.
        for (String body : new String[] { configprops, env }) {
            assertThat(body).doesNotContain(SECRET_KEY).doesNotContain(ACCESS_KEY).contains("******");
        }
    }

    private String get(String path) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isIn(200, 503);
        return response.body();
    }
}
