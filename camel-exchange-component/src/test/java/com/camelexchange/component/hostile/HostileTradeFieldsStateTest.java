package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.Await;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every field of a REST trade ({@link RestShape}'s trades fields), set to each hostile value of its kind, on one
 * trade in the middle of the tape and on every page that holds it, read by a polling trades consumer: the trades
 * after it are delivered, in order, none twice; the position is only ever the id of a trade delivered (never a
 * hostile id); the refused trade is counted at each reply that carried it and logged once, without a stack trace. A
 * value a client takes as it is (a side left out) loses nothing. Each case has a component of its own, so that its
 * once-a-minute WARN is its own; the consumer polls every 10 ms and the test waits on counts, so a case takes a
 * few polls.
 */
class HostileTradeFieldsStateTest {
    private static final int BEFORE = 5;
    private static final int AFTER = 20;

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.quiet()
            .limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private static HostileHarness harness;
    private static Tape tape;

    @BeforeAll
    static void startCamel() {
        harness = new HostileHarness(SIMULATOR.get());
        tape = new Tape(SIMULATOR.get());
    }

    @AfterAll
    static void stopCamel() {
        harness.close();
    }

    static Stream<Arguments> cases() {
        RestShape trades = RestShape.all("0").stream().filter(s -> s.method().equals("trades")).findFirst()
                .orElseThrow();
        return trades.fields().stream().flatMap(field -> field.hostile().stream()
                .map(value -> Arguments.of(field.path().substring(field.path().lastIndexOf('/') + 1), value)));
    }

    @ParameterizedTest(name = "trade {0}: {1}")
    @MethodSource("cases")
    void aTradeWithAHostileValueIsSkippedAndTheTradesAfterItGoOn(String field, HostileValue value) throws Exception {
        ExchangeSimulator simulator = SIMULATOR.get();
        String scheme = harness.newComponent();
        String routeId = scheme + "-trades";
        RecordedPositions positions = new RecordedPositions();
        harness.context.getRegistry().bind(scheme + "-positions", positions);
        List<Long> received = new CopyOnWriteArrayList<>();
        try {
            long start = tape.add(1);
            long bad = tape.add(BEFORE) + 1;
            HostileRecord hostile = HostileRecord.inList("", "tid", bad, field, value)
                    .servedBy(simulator.faults(), "trades");
            tape.add(1 + AFTER);
            int expected = BEFORE + AFTER + (value.taken() ? 1 : 0);
            double refusedBefore = harness.refused("trades", "rest", Scope.RECORD);

            HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
                harness.context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from(scheme + ":trades?market=btc_usdt&delay=10&initialDelay=0&stateRepository=#" + scheme
                             + "-positions&since=" + start).routeId(routeId)
                                .process(e -> received.add(e.getMessage().getBody(Trade.class).tid()));
                    }
                });
                Await.until(10, "the trades around the hostile one", () -> received.size() >= expected);
                // And on: the position moved past it.
                tape.add(5);
                Await.until(10, "the trades made later", () -> received.size() >= expected + 5);
                return null;
            });

            List<Long> real = new ArrayList<>(tape.between(start, tape.last()));
            if (!value.taken()) {
                real.remove(bad);
            }
            assertThat(received).as("every trade but the hostile one, once, in order").containsExactlyElementsOf(real);
            real.add(start);
            assertThat(positions.stored()).as("the position only ever where it started or a trade delivered")
                    .allSatisfy(p -> assertThat(real).contains(Long.parseLong(p)));
            assertThat(hostile.served()).as("the hostile record was served").isPositive();
            assertThat(log.stackTrace()).as(log.log()).isFalse();
            List<String> warnings = Tape.warnings(log, ReplyRefusals.class);
            if (value.taken()) {
                assertThat(warnings).as(log.log()).isEmpty();
                assertThat(harness.refused("trades", "rest", Scope.RECORD)).isEqualTo(refusedBefore);
            } else {
                assertThat(warnings).as(log.log()).hasSize(1);
                assertThat(harness.refused("trades", "rest", Scope.RECORD)).as("counted at each reply that carried it")
                        .isEqualTo(refusedBefore + hostile.served());
            }
            assertThat(log.warnings()).as("no other warning: " + log.log()).isEqualTo(warnings.size());
        } finally {
            simulator.faults().clear();
            harness.context.getRouteController().stopRoute(routeId);
            harness.context.removeRoute(routeId);
            harness.remove(scheme);
        }
    }
}
