package com.camelexchange.kamelets;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * exchange-order-sink, used from YAML routes, places one order per message, read from its body (JSON text,
 * bytes or stream, a Map) or its headers, signed with keys given on the route or as Kamelet properties.
 */
class OrderSinkKameletTest {
    private static final String ACCESS_KEY = "kamelet-ak";
    /** Characters that mean something in a URI: the secret must reach the signer unchanged. */
    private static final String SECRET_KEY = "s3cr+t/K&y=%2B(1)";

    private ExchangeSimulator simulator;
    private SimulatorAccount account;
    private KameletRoutes routes;
    private ProducerTemplate template;

    @BeforeEach
    void start() throws Exception {
        // Empty books and no traders: every order rests as placed.
        simulator = ExchangeSimulator.builder().seed(9).quiet().build().start();
        account = simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        routes = new KameletRoutes(Map.of("exchange.baseUrl", simulator.baseUrl(), "exchange.tradeUrl",
                simulator.tradeUrl(), "exchange.accessKey", ACCESS_KEY, "exchange.secretKey", SECRET_KEY));
        routes.start("routes/order-sink.yaml");
        template = routes.context().createProducerTemplate();
    }

    @AfterEach
    void stop() {
        routes.close();
        simulator.stop();
    }

    private Exchange send(Object body, Map<String, Object> headers) {
        return template.request("direct:orders", e -> {
            e.getMessage().setBody(body);
            e.getMessage().getHeaders().putAll(headers);
        });
    }

    /** The order the exchange holds under the id the sink returned. */
    private Order placed(Exchange reply, String market) {
        assertThat(reply.getException()).as("the order was refused").isNull();
        PlacedOrder placed = reply.getMessage().getBody(PlacedOrder.class);
        assertThat(reply.getMessage().getHeader("CamelExchangeOrderId", String.class)).isEqualTo(placed.id());
        User user = simulator.exchange().key(ACCESS_KEY).user();
        return simulator.exchange().order(user, market, Long.parseLong(placed.id()), null);
    }

    @Test
    void aJsonOrderTakesTheSinksMarketAndSideAndRestsOnTheBook() {
        Order order = placed(send("{\"price\": \"30000\", \"amount\": \"0.01\"}", Map.of()), "btc_usdt");

        assertThat(order.market().name()).isEqualTo("btc_usdt");
        assertThat(order.side()).isEqualTo(Side.BUY);
        assertThat(order.price()).isEqualByComparingTo("30000");
        assertThat(order.amount()).isEqualByComparingTo("0.01");
        assertThat(order.isOpen()).isTrue();
        assertThat(account.frozen("usdt")).as("price x amount frozen for the buy").isEqualByComparingTo("300");
        assertThat(account.orderCount("btc_usdt")).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bytes", "stream"})
    void jsonAsBytesOrAStreamIsReadAndNamesItsOwnMarketAndSide(String form) {
        // As a Kafka, HTTP or file consumer hands it over.
        byte[] json = "{\"market\": \"eth_usdt\", \"side\": \"sell\", \"price\": \"3300\", \"amount\": \"0.5\"}"
                .getBytes(StandardCharsets.UTF_8);
        Object body = form.equals("bytes") ? json : new ByteArrayInputStream(json);
        Order order = placed(send(body, Map.of()), "eth_usdt");

        assertThat(order.market().name()).isEqualTo("eth_usdt");
        assertThat(order.side()).isEqualTo(Side.SELL);
        assertThat(order.price()).isEqualByComparingTo("3300");
        assertThat(order.amount()).isEqualByComparingTo("0.5");
        assertThat(account.frozen("eth")).isEqualByComparingTo("0.5");
        assertThat(account.orderCount("btc_usdt")).isZero();
    }

    @Test
    void headersAloneDescribeAnOrder() {
        Order order = placed(send(null, Map.of("CamelExchangePrice", "29500.5", "CamelExchangeAmount", "0.02",
                "CamelExchangeTradeType", "sell")), "btc_usdt");

        assertThat(order.side()).isEqualTo(Side.SELL);
        assertThat(order.price()).isEqualByComparingTo("29500.5");
        assertThat(order.amount()).isEqualByComparingTo("0.02");
        assertThat(account.frozen("btc")).isEqualByComparingTo("0.02");
    }

    @Test
    void theKeysMayComeFromKameletPropertiesRatherThanTheRoute() throws Exception {
        // camel.kamelet.<kamelet>.<property>: the keys stay in the application's configuration, out of URIs.
        try (KameletRoutes configured = new KameletRoutes(Map.of(
                "camel.kamelet.exchange-order-sink.accessKey", ACCESS_KEY,
                "camel.kamelet.exchange-order-sink.secretKey", SECRET_KEY,
                "exchange.baseUrl", simulator.baseUrl()))) {
            configured.startYaml("""
                    - route:
                        from:
                          uri: direct:sell
                          steps:
                            - to:
                                uri: kamelet:exchange-order-sink
                                parameters:
                                  market: eth_usdt
                                  side: sell
                                  baseUrl: "{{exchange.baseUrl}}"
                    """);
            Exchange reply = configured.context().createProducerTemplate().request("direct:sell",
                    e -> e.getMessage().setBody(Map.of("price", "3500", "amount", "0.25")));
            Order order = placed(reply, "eth_usdt");

            assertThat(order.side()).isEqualTo(Side.SELL);
            assertThat(order.price()).isEqualByComparingTo("3500");
            assertThat(order.amount()).isEqualByComparingTo("0.25");
        }
    }

    /** A route that sends to the sink with only a market and a side, no keys and no address of its own. */
    private static final String BARE_SINK = """
            - route:
                from:
                  uri: direct:sell
                  steps:
                    - to:
                        uri: kamelet:exchange-order-sink
                        parameters:
                          market: eth_usdt
                          side: sell
            """;

    @Test
    void theComponentsKeysAndAddressServeASinkThatHasNoneOfItsOwn() throws Exception {
        // As camel.component.exchange.accessKey, .secretKey, .baseUrl and .tradeUrl set them in an application.
        try (KameletRoutes configured = new KameletRoutes(Map.of())) {
            ExchangeConfiguration component = configured.context().getComponent("exchange", ExchangeComponent.class)
                    .getConfiguration();
            component.setAccessKey(ACCESS_KEY);
            component.setSecretKey(SECRET_KEY);
            component.setBaseUrl(simulator.baseUrl());
            component.setTradeUrl(simulator.tradeUrl());
            configured.startYaml(BARE_SINK);
            Exchange reply = configured.context().createProducerTemplate().request("direct:sell",
                    e -> e.getMessage().setBody("{\"price\": \"3400.5\", \"amount\": \"0.2\"}"));
            Order order = placed(reply, "eth_usdt");

            assertThat(order.side()).isEqualTo(Side.SELL);
            assertThat(order.price()).isEqualByComparingTo("3400.5");
            assertThat(account.frozen("eth")).isEqualByComparingTo("0.2");
        }
    }

    @Test
    void aSinkWithoutKeysAnywhereDoesNotStartAndSaysWhereToSetThem() {
        // The component has the address but no keys, and the sink has none of its own.
        try (KameletRoutes configured = new KameletRoutes(Map.of())) {
            configured.context().getComponent("exchange", ExchangeComponent.class).getConfiguration()
                    .setBaseUrl(simulator.baseUrl());
            assertThatThrownBy(() -> configured.startYaml(BARE_SINK))
                    .rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Kamelet exchange-order-sink has no accessKey and no secretKey: set the Kamelet"
                            + " property accessKey (camel.kamelet.exchange-order-sink.accessKey) or the component's"
                            + " camel.component.exchange.accessKey, and the Kamelet property secretKey"
                            + " (camel.kamelet.exchange-order-sink.secretKey) or the component's"
                            + " camel.component.exchange.secretKey");
        }
        assertThat(simulator.requestCount()).isZero();
    }

    @Test
    void aSinkInPaperModeNeedsNoKeysAndSignsNothingAtTheExchange() throws Exception {
        // The component in paper mode with an address and no keys: orders go to its paper exchange.
        try (KameletRoutes configured = new KameletRoutes(Map.of())) {
            ExchangeComponent exchange = configured.context().getComponent("exchange", ExchangeComponent.class);
            exchange.getConfiguration().setBaseUrl(simulator.baseUrl());
            exchange.setPaper(true);
            exchange.setPaperBalances("eth=1");
            configured.startYaml(BARE_SINK);
            Exchange reply = configured.context().createProducerTemplate().request("direct:sell",
                    e -> e.getMessage().setBody("{\"price\": \"3400.5\", \"amount\": \"0.2\"}"));

            assertThat(reply.getException()).as("the order was refused").isNull();
            assertThat(reply.getMessage().getBody(PlacedOrder.class).id()).isNotBlank();
        }
        assertThat(simulator.signedRequestCount()).as("signed requests the exchange received").isZero();
    }

    @Test
    void aKeyMissingOnBothSidesIsNamedAlone() {
        // The access key on the sink, the secret key nowhere.
        try (KameletRoutes configured = new KameletRoutes(Map.of(
                "camel.kamelet.exchange-order-sink.accessKey", ACCESS_KEY))) {
            configured.context().getComponent("exchange", ExchangeComponent.class).getConfiguration()
                    .setBaseUrl(simulator.baseUrl());
            assertThatThrownBy(() -> configured.startYaml(BARE_SINK))
                    .rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Kamelet exchange-order-sink has no secretKey: set the Kamelet property secretKey"
                            + " (camel.kamelet.exchange-order-sink.secretKey) or the component's"
                            + " camel.component.exchange.secretKey")
                    .hasStackTraceContaining("exchange-order-sink")
                    .satisfies(e -> assertThat(stackTraceOf(e)).doesNotContain(ACCESS_KEY));
        }
        assertThat(simulator.requestCount()).isZero();
    }

    @Test
    void aSinkWithoutAnAddressAnywhereDoesNotStartAndSaysWhereToSetIt() {
        // The keys on the sink, as Kamelet properties; no baseUrl on the sink or on the component.
        try (KameletRoutes configured = new KameletRoutes(Map.of(
                "camel.kamelet.exchange-order-sink.accessKey", ACCESS_KEY,
                "camel.kamelet.exchange-order-sink.secretKey", SECRET_KEY))) {
            assertThatThrownBy(() -> configured.startYaml(BARE_SINK))
                    .rootCause().isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Kamelet exchange-order-sink has no baseUrl: set the Kamelet property baseUrl"
                            + " (camel.kamelet.exchange-order-sink.baseUrl) or the component's"
                            + " camel.component.exchange.baseUrl");
        }
        assertThat(simulator.requestCount()).isZero();
    }

    private static String stackTraceOf(Throwable e) {
        StringWriter text = new StringWriter();
        e.printStackTrace(new PrintWriter(text));
        return text.toString();
    }

    @Test
    void anOrderTheMarketCannotTakeIsRefusedBeforeAnythingIsSent() {
        // btc_usdt amounts have 4 decimals and roundDown is off by default: refused, not rounded.
        Exchange reply = send("{\"price\": \"30000\", \"amount\": \"0.000015\"}", Map.of());

        assertThat(reply.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("amount");
        assertThat(simulator.requestCount("order")).isZero();
        assertThat(account.orderCount("btc_usdt")).isZero();
    }
}
