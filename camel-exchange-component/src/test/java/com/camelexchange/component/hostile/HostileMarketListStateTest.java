package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The market list a component keeps, when the exchange lists btc_usdt with a configuration out of bounds (each
 * field of it, {@link RestShape}'s markets fields, with each hostile value a client does not take): a list read
 * after a good one keeps the good configuration, and orders are still checked with its scales and placed; a
 * component whose first list has it so refuses its orders with a clear validation error, sends nothing, and takes
 * the market again once a good list is read. Either way the refusal is logged once, without a stack trace.
 */
class HostileMarketListStateTest {
    /** btc_usdt in the simulator: prices of 2 decimals, amounts of 4. */
    private static final String PRICE_BEYOND_ITS_SCALE = "1000.123";

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.quiet()
            .limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private static HostileHarness harness;
    private static ProducerTemplate template;

    @BeforeAll
    static void startCamel() {
        harness = new HostileHarness(SIMULATOR.get());
        template = harness.context.createProducerTemplate();
    }

    @AfterAll
    static void stopCamel() {
        harness.close();
    }

    static Stream<Arguments> cases() {
        RestShape markets = RestShape.all("0").stream().filter(s -> s.method().equals("markets")).findFirst()
                .orElseThrow();
        return markets.fields().stream().flatMap(field -> field.hostile().stream().filter(value -> !value.taken())
                .map(value -> Arguments.of(field, value)));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void aConfigurationOutOfBoundsAfterAGoodOneKeepsTheGoodOne(Field field, HostileValue value) throws Exception {
        ExchangeSimulator simulator = SIMULATOR.get();
        String scheme = harness.newComponent();
        try {
            assertThat(markets(scheme)).containsKey("btc_usdt");
            simulator.faults().inject("markets", Fault.rewrite(field + " " + value.label(), value.at(field.path())));
            HostileHarness.Logged<Map<String, ?>> read = HostileHarness.logging(() -> markets(scheme));

            assertThat(read.result()).as("the reply leaves the market out").doesNotContainKey("btc_usdt")
                    .containsKey("eth_usdt");
            assertThat(read.stackTrace()).as(read.log()).isFalse();
            assertThat(Tape.warnings(read, ReplyRefusals.class)).as(read.log()).singleElement().asString()
                    .contains("btc_usdt");
            long sent = simulator.requestCount("order");
            Exchange placed = place(scheme, "1000.12");
            assertThat(placed.getException()).as("placed on the scales it had").isNull();
            assertThat(placed.getMessage().getBody()).isInstanceOf(PlacedOrder.class);
            Exception beyond = place(scheme, PRICE_BEYOND_ITS_SCALE).getException();
            assertThat(beyond).isInstanceOf(ExchangeValidationException.class)
                    .hasMessageContaining("more than 2 decimals");
            assertThat(simulator.requestCount("order")).as("the one placed, sent once").isEqualTo(sent + 1);
        } finally {
            simulator.faults().clear();
            harness.remove(scheme);
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("cases")
    void aMarketFirstListedOutOfBoundsIsRefusedClearlyAndTakenOnceListedRight(Field field, HostileValue value)
            throws Exception {
        ExchangeSimulator simulator = SIMULATOR.get();
        String scheme = harness.newComponent();
        try {
            simulator.faults().inject("markets", Fault.rewrite(field + " " + value.label(), value.at(field.path())));
            long sent = simulator.requestCount("order");
            HostileHarness.Logged<Exchange> refused = HostileHarness.logging(() -> place(scheme, "1000.12"));

            assertThat(refused.result().getException()).isInstanceOf(ExchangeValidationException.class)
                    .hasMessageContaining("btc_usdt").hasMessageContaining("configuration out of bounds")
                    .hasMessageNotContaining("unknown market");
            assertThat(simulator.requestCount("order")).as("nothing sent").isEqualTo(sent);
            assertThat(refused.stackTrace()).as(refused.log()).isFalse();
            assertThat(Tape.warnings(refused, ReplyRefusals.class)).as(refused.log()).hasSize(1);
            assertThat(template.request(scheme + ":ticker?market=btc_usdt", e -> { }).getMessage().getBody())
                    .as("its market data is still read").isInstanceOf(Ticker.class);

            assertThat(markets(scheme)).as("listed right again").containsKey("btc_usdt");
            assertThat(place(scheme, "1000.12").getException()).isNull();
            assertThat(simulator.requestCount("order")).isEqualTo(sent + 1);
        } finally {
            simulator.faults().clear();
            harness.remove(scheme);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> markets(String scheme) {
        return template.requestBody(scheme + ":markets", null, Map.class);
    }

    private static Exchange place(String scheme, String price) {
        return template.request(scheme + ":order", e -> e.getMessage().setBody(
                OrderRequest.limit("btc_usdt", OrderSide.BUY, price, "0.01")));
    }
}
