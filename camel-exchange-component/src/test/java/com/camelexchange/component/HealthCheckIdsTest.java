package com.camelexchange.component;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Producer health checks are named for what they check: operation and market (or coin), never a key. */
class HealthCheckIdsTest {
    private final CamelContext context = new DefaultCamelContext();

    @AfterEach
    void stop() {
        context.stop();
    }

    private List<String> producerCheckIds() {
        return context.getCamelContextExtension().getContextPlugin(HealthCheckRegistry.class).stream()
                .map(HealthCheck::getId).filter(id -> id.startsWith("producer:")).sorted().toList();
    }

    @Test
    void idsSayOperationAndMarket() throws Exception {
        ProducerHealthChecks.installOn(context);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl("http://127.0.0.1:1");
        component.getConfiguration().setAccessKey("health-access-key");
        component.getConfiguration().setSecretKey("health-secret-key");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:ticker").routeId("ticker").to("exchange:ticker?market=btc_usdt");
                from("direct:sameEndpoint").routeId("sameEndpoint").to("exchange:ticker?market=btc_usdt");
                from("direct:otherOptions").routeId("otherOptions")
                        .to("exchange:ticker?market=btc_usdt&requestTimeout=3000");
                from("direct:order").routeId("order").to("exchange:order?market=btc_usdt");
                from("direct:account").routeId("account").to("exchange:getAccountInfo");
                from("direct:address").routeId("address").to("exchange:getUserAddress?coin=btc");
                from("direct:depth").routeId("depth").to("exchange:depth");
                from("direct:keys").routeId("keys").to("exchange:getOrder?market=eth_usdt"
                        + "&accessKey=RAW(uri-access-key)&secretKey=RAW(uri-secret-key)");
            }
        });
        context.start();

        assertThat(producerCheckIds()).containsExactly(
                "producer:exchange-depth",
                "producer:exchange-getAccountInfo",
                "producer:exchange-getOrder-eth_usdt",
                "producer:exchange-getUserAddress-btc",
                "producer:exchange-order-btc_usdt",
                "producer:exchange-ticker-btc_usdt",
                "producer:exchange-ticker-btc_usdt-2");
        assertThat(String.join(",", producerCheckIds())).doesNotContain("access-key").doesNotContain("secret");

        // A route stopped and started again keeps its producer's name.
        context.getRouteController().stopRoute("otherOptions");
        assertThat(producerCheckIds()).doesNotContain("producer:exchange-ticker-btc_usdt-2")
                .contains("producer:exchange-ticker-btc_usdt");
        context.getRouteController().startRoute("otherOptions");
        assertThat(producerCheckIds()).contains("producer:exchange-ticker-btc_usdt-2");
    }
}
