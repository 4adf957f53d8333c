package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Consumer and producer health: DOWN with the reason when the exchange cannot be reached, UP when it answers. */
class HealthCheckTest {
    private final ExpectedFailures failures = new ExpectedFailures();
    private CamelContext context;
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    private void start(String baseUrl) throws Exception {
        context = new DefaultCamelContext();
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(context);
        // The default level reports consumer checks only when they are DOWN; this test wants UP ones too.
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(baseUrl);
        component.getConfiguration().setSecretKey("never-shown-secret");
        component.setConnectTimeout(500);
        context.getRegistry().bind("failures", failures);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=btc_usdt&delay=20&exceptionHandler=#failures").routeId("ticker")
                        .to("mock:ticker");
                from("direct:depth").routeId("depth").to("exchange:depth?market=btc_usdt");
            }
        });
        context.start();
    }

    private Optional<HealthCheck.Result> result(String idPrefix) {
        return HealthCheckHelper.invoke(context).stream()
                .filter(r -> r.getCheck().getId().startsWith(idPrefix)).findFirst();
    }

    @Test
    void unreachableExchangeIsDownWithTheReason() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        start("http://127.0.0.1:" + closedPort);
        MarketDataConsumerTest.awaitUntil(() -> result("consumer:ticker")
                .map(r -> r.getState() == HealthCheck.State.DOWN && r.getError().isPresent()).orElse(false));
        HealthCheck.Result consumer = result("consumer:ticker").orElseThrow();
        assertThat(consumer.getError().orElseThrow().getMessage()).contains("ticker got no reply");
        assertThat(failures.failures()).as("each failed poll reported to the consumer's handler").isNotEmpty();

        HealthCheck.Result producer = result("producer:exchange").orElseThrow();
        assertThat(producer.getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(producer.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("markets got no reply"));
        assertThat(producer.getDetails()).containsEntry("baseUrl", "http://127.0.0.1:" + closedPort);
        assertThat(producer.getDetails().toString()).doesNotContain("never-shown-secret");
    }

    @Test
    void reachableExchangeIsUp() throws Exception {
        simulator = ExchangeSimulator.builder().seed(1).activity(false).build().start();
        start(simulator.baseUrl());
        MarketDataConsumerTest.awaitUntil(() -> simulator.requestCount("ticker") >= 2);
        assertThat(result("consumer:ticker").orElseThrow().getState()).isEqualTo(HealthCheck.State.UP);
        HealthCheck.Result producer = result("producer:exchange").orElseThrow();
        assertThat(producer.getState()).isEqualTo(HealthCheck.State.UP);
        assertThat(producer.getDetails()).containsEntry("markets", 6);
    }
}
