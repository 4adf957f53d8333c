package com.camelexchange.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.EndpointUriFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The generated metadata that Camel and its tooling read, and what endpoint creation refuses. */
class ComponentMetadataTest {
    private final CamelContext context = new DefaultCamelContext();

    @AfterEach
    void stop() {
        context.stop();
    }

    @Test
    void theComponentIsFoundByItsScheme() {
        assertThat(context.getComponent("exchange")).isInstanceOf(ExchangeComponent.class);
    }

    @Test
    void everyOptionAndHeaderIsDescribedAndKeysAreSecret() throws Exception {
        JsonNode json;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/com/camelexchange/component/exchange.json")) {
            assertThat(in).as("generated component JSON").isNotNull();
            json = new ObjectMapper().readTree(in);
        }
        assertThat(json.get("component").get("scheme").asText()).isEqualTo("exchange");
        assertThat(json.get("component").get("syntax").asText()).isEqualTo("exchange:operation");
        for (String section : new String[] {"componentProperties", "properties", "headers"}) {
            json.get(section).fields().forEachRemaining(e -> assertThat(e.getValue().path("description").asText())
                    .as(section + "." + e.getKey()).isNotBlank());
        }
        assertThat(json.get("properties").get("secretKey").get("secret").asBoolean()).isTrue();
        assertThat(json.get("componentProperties").get("secretKey").get("secret").asBoolean()).isTrue();
        assertThat(json.get("properties").get("operation").get("enum").toString())
                .contains("markets", "allTicker", "ticker", "depth", "trades", "kline", "order", "orderMoreV2",
                        "cancelOrder", "getOrder", "getOrders", "getOrdersIgnoreTradeType",
                        "getUnfinishedOrdersIgnoreTradeType", "getAccountInfo", "getUserAddress", "getWithdrawAddress",
                        "getWithdrawRecord", "orders", "withdrawals");
        // Every header constant is in the metadata, and nothing else is.
        List<String> constants = new ArrayList<>();
        for (java.lang.reflect.Field field : ExchangeConstants.class.getFields()) {
            if (java.lang.reflect.Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                constants.add((String) field.get(null));
            }
        }
        List<String> described = new ArrayList<>();
        json.get("headers").fieldNames().forEachRemaining(described::add);
        assertThat(described).containsExactlyInAnyOrderElementsOf(constants);
        assertThat(json.get("headers").get("CamelExchangeOperation").get("description").asText()).contains("allTicker");
        assertThat(json.get("headers").get("CamelExchangeTimestampMillis").get("javaType").asText()).isEqualTo("Long");
        assertThat(json.get("headers").get("CamelExchangeOrderEvent").get("description").asText()).contains("NEW");
        assertThat(json.get("headers").get("CamelExchangeWithdrawalEvent").get("description").asText())
                .contains("STATUS_CHANGED");
    }

    @Test
    void theUriFactoryBuildsEndpointUris() throws Exception {
        EndpointUriFactory factory = context.getCamelContextExtension().getEndpointUriFactory("exchange");
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("operation", "depth");
        properties.put("market", "btc_usdt");
        properties.put("size", 20);
        assertThat(factory.buildUri("exchange", properties, false)).isEqualTo("exchange:depth?market=btc_usdt&size=20");
    }

    @Test
    void badEndpointOptionsFailAtCreationNamingTheOption() {
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl("http://127.0.0.1:1");
        assertThatThrownBy(() -> context.getEndpoint("exchange:price?market=btc_usdt"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("allTicker, ticker");
        assertThat(context.getEndpoint("exchange:ticker")).as("a producer may take the market from a header")
                .isNotNull();
        assertThatThrownBy(() -> context.getEndpoint("exchange:depth?market=btc_usdt&size=60"))
                .hasMessageContaining("option size").hasMessageContaining("1-50");
        assertThatThrownBy(() -> context.getEndpoint("exchange:kline?market=btc_usdt&size=1001"))
                .hasMessageContaining("1-1000");
        assertThatThrownBy(() -> context.getEndpoint("exchange:kline?market=btc_usdt&type=7min"))
                .hasMessageContaining("option type").hasMessageContaining("1week");
        assertThatThrownBy(() -> context.getEndpoint("exchange:ticker?market=btc_usdt&baseUrl=ftp://x"))
                .hasMessageContaining("option baseUrl");
    }

    @Test
    void anEndpointWithoutBaseUrlFailsAtCreationNamingTheOption() {
        // Only a backtest (replayFrom) connects to nothing and may leave it unset.
        assertThatThrownBy(() -> context.getEndpoint("exchange:ticker?market=btc_usdt"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("option baseUrl")
                .hasMessageContaining("is required");
    }

    @Test
    void aConsumerWithoutAMarketFailsToStartNamingTheOption() {
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl("http://127.0.0.1:1");
        context.start();
        assertThatThrownBy(() -> context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker").routeId("noMarket").to("log:never");
            }
        })).as("a consumer has no message: the option is required when it starts")
                .hasStackTraceContaining("option market").hasStackTraceContaining("required");
    }

    @Test
    void theSecretKeyIsMaskedInTheEndpointDescription() {
        Endpoint endpoint = context.getEndpoint(
                "exchange:ticker?market=btc_usdt&baseUrl=http://127.0.0.1:1&secretKey=TOP-SECRET-VALUE");
        assertThat(endpoint.toString()).doesNotContain("TOP-SECRET-VALUE");
        assertThat(((ExchangeEndpoint) endpoint).getConfiguration().toString()).doesNotContain("TOP-SECRET-VALUE");
    }
}
