package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user guide's table of what each write does under each fault, with and without Camel's redelivery, played
 * row by row against the simulator: the table is this test's input, so the guide cannot say what the component
 * does not do. A plain {@code defaultErrorHandler().maximumRedeliveries(n)} redelivers whatever failed; no
 * redelivery may send a write whose outcome is unknown again.
 */
class WriteOutcomesTest extends TradingTestSupport {
    private static final String TABLE = "/guide/write-outcomes.csv";
    private static final List<List<String>> BATCH = List.of(List.of("60000", "0.01"), List.of("59900", "0.01"),
            List.of("59800", "0.01"));
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");

    /** One row of the table. */
    record Row(String write, String variant, String fault, int redeliveries, int effect, int sent, String outcome) {
        @Override
        public String toString() {
            return write + " (" + variant + ") with " + fault + ", " + redeliveries + " redeliveries";
        }
    }

    static Stream<Arguments> rows() throws IOException {
        try (InputStream in = WriteOutcomesTest.class.getResourceAsStream(TABLE)) {
            List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().skip(1)
                    .filter(line -> !line.isBlank()).toList();
            return lines.stream().map(line -> line.split(",")).map(c -> Arguments.of(new Row(c[0], c[1], c[2],
                    Integer.parseInt(c[3]), Integer.parseInt(c[4]), Integer.parseInt(c[5]), c[6])));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theWriteEndsAsTheGuideSays(Row row) throws Exception {
        Variant variant = Variant.valueOf(row.variant());
        simulator = ExchangeSimulator.builder().variant(variant).seed(42).quiet().limits(SimulatorLimits.none())
                .build().start();
        SimulatorAccount alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.valueOf(row.variant()), "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                // Camel's plain error handler, as users write it: it redelivers whatever failed.
                errorHandler(defaultErrorHandler().maximumRedeliveries(row.redeliveries()).redeliveryDelay(0)
                        .logExhausted(false).retryAttemptedLogLevel(LoggingLevel.OFF)
                        .logStackTrace(false).logHandled(false).loggingLevel(LoggingLevel.OFF));
                from("direct:write").toD("${header.target}");
            }
        });
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setRequestTimeout(400);

        String orderId = row.write().equals("cancelOrder")
                ? call("exchange:order", BUY, PlacedOrder.class).id() : null;
        String method = row.write();
        long sentBefore = simulator.requestCount(method);
        simulator.faults().inject(method, fault(row.fault()));
        if (row.fault().endsWith("failed look-up")) {
            // Every attempt of the first look-up's read fails: the component's own read retries included.
            String lookUp = row.write().equals("order") && variant == Variant.A || row.write().equals("cancelOrder")
                    ? "getOrder" : "getOrdersIgnoreTradeType";
            simulator.faults().inject(lookUp, Fault.http500(), component.getConfiguration().getReadRetries() + 1);
        }

        Exchange reply = switch (row.write()) {
            case "order" -> send("direct:write", BUY, Map.of("target", "exchange:order"));
            case "orderMoreV2" -> send("direct:write", BATCH,
                    Map.of("target", "exchange:orderMoreV2?market=btc_usdt&tradeType=buy"));
            case "cancelOrder" -> send("direct:write", null, Map.of("target", "exchange:cancelOrder?market=btc_usdt",
                    ExchangeConstants.ORDER_ID, orderId));
            default -> throw new IllegalArgumentException(row.write());
        };

        assertThat(simulator.requestCount(method) - sentBefore).as("requests of the write sent").isEqualTo(row.sent());
        if (row.write().equals("cancelOrder")) {
            assertThat(1 - alice.openOrderCount("btc_usdt")).as("orders cancelled").isEqualTo(row.effect());
        } else {
            assertThat(alice.orderCount("btc_usdt")).as("orders placed").isEqualTo(row.effect());
        }
        switch (row.outcome()) {
            case "placed", "recovered" -> {
                assertThat(reply.getException()).as("the route's exception").isNull();
                assertThat(reply.getMessage().getHeader(ExchangeConstants.ORDER_RECOVERED))
                        .isEqualTo(row.outcome().equals("recovered"));
                List<?> ids = reply.getMessage().getBody() instanceof PlacedOrder placed ? List.of(placed.id())
                        : reply.getMessage().getBody(List.class);
                assertThat(ids).as("one id per order placed").hasSize(row.effect()).doesNotContainNull();
            }
            case "cancelled" -> assertThat(reply.getException()).as("the route's exception").isNull();
            default -> {
                assertThat(reply.getException()).as("the route's exception").isNotNull();
                assertThat(reply.getException().getClass().getSimpleName()).isEqualTo(row.outcome());
                if (reply.getException() instanceof ExchangeOrderStateUnknownException unknown) {
                    assertThat(unknown.sent()).as("what was sent, for a look-up by hand").isNotNull();
                    assertThat(unknown.sent().pairs()).hasSize(method.equals("order") ? 1 : BATCH.size());
                    assertThat(unknown.sent().customerOrderId() != null).as("found by its customerOrderId")
                            .isEqualTo(variant == Variant.A && method.equals("order"));
                }
                assertThat(((ExchangeClientException) reply.getException()).getMessage()).doesNotContain("alice");
            }
        }
    }

    private static Fault fault(String name) {
        return switch (name) {
            case "lost reply", "lost reply and failed look-up" -> Fault.loseReply();
            case "5xx" -> Fault.http502();
            case "5xx after the write" -> Fault.http504();
            case "timeout" -> Fault.delay(Duration.ofMillis(1200));
            case "malformed reply" -> Fault.malformedJson();
            case "error 1002" -> Fault.errorReply(1002);
            case "error 1002 after the write" -> Fault.errorReplyAfterExecution(1002);
            case "error 2009" -> Fault.errorReply(2009);
            default -> throw new IllegalArgumentException(name);
        };
    }
}
