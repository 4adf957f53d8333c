package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.Await;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.StreamFaults;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 27, defect 2, as filed: one trade whose price cannot be read ({@code 1e999999999}) on a REST trades page, in
 * the middle of a normal tape and on every page that holds it, stopped the trades consumers for good: the polling
 * consumer and the streaming consumer's catch-up asked for the same page forever, with a stack trace at every retry.
 * Now the trade is refused and skipped, once, counted and logged once without a stack trace; the 20 trades after it
 * are all delivered, in order, none twice; and the position only ever holds the id of a trade delivered.
 */
class HostileTradesStateTest {
    private static final String TRADES_CHANNEL = "btcusdt_trades";
    private static final HostileValue UNREADABLE_PRICE = HostileValue.set("exponent 999999999", "1e999999999");

    @RegisterExtension
    final ExchangeSimulatorExtension simulatorExtension = ExchangeSimulatorExtension.create(b -> b.quiet()
            .limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private ExchangeSimulator simulator;
    private HostileHarness harness;
    private Tape tape;
    private final List<Object> received = new CopyOnWriteArrayList<>();
    private final RecordedPositions positions = new RecordedPositions();

    @BeforeEach
    void startCamel() {
        simulator = simulatorExtension.get();
        harness = new HostileHarness(simulator);
        harness.context.getRegistry().bind("positions", positions);
        tape = new Tape(simulator);
    }

    @AfterEach
    void stopCamel() {
        harness.close();
    }

    /** A price that cannot be read, and records whose structure is hostile (issue 36). */
    static Stream<HostileValue> hostileValues() {
        return Stream.concat(Stream.of(UNREADABLE_PRICE), HostileValue.structural());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void thePollingConsumerSkipsAnUnreadableTradeAndDeliversThe20AfterIt(HostileValue value) throws Exception {
        String scheme = harness.newComponent();
        long start = tape.add(1);
        consume(scheme + ":trades?market=btc_usdt&delay=10&stateRepository=#positions&since=" + start);
        tape.add(5);
        Await.until(10, "the first five trades", () -> received.size() == 5);

        long bad = tape.last() + 1;
        HostileRecord hostile = HostileRecord.inList("", "tid", bad, "price", value)
                .servedBy(simulator.faults(), "trades");
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            tape.add(21);
            Await.until(10, "the 20 trades after the unreadable one", () -> received.size() == 25);
            return null;
        });

        assertSkippedOnce(start, bad, hostile, log, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void theStreamingConsumersCatchUpSkipsAnUnreadableTradeAndDeliversThe20AfterIt(HostileValue value)
            throws Exception {
        String scheme = harness.newComponent();
        ExchangeComponent component = harness.context.getComponent(scheme, ExchangeComponent.class);
        component.setKeepAliveInterval(100);
        component.setSilenceTimeout(600);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        long start = tape.add(1);
        consume(scheme + ":trades?market=btc_usdt&streaming=true&stateRepository=#positions&since=" + start);
        Await.until(10, "subscribed", () -> simulator.streamSubscriptions(TRADES_CHANNEL) == 1);
        tape.add(5);
        Await.until(10, "the first five trades, pushed", () -> received.size() == 5);

        // The stream goes down while trades happen: the trades come over REST when it is back, through the page
        // that holds the unreadable one.
        StreamFaults streamFaults = simulator.streamFaults();
        streamFaults.refuseUpgrade(1_000_000).dropAll();
        Await.until(10, "the stream is down", () -> simulator.streamConnections() == 0);
        long bad = tape.last() + 1;
        HostileRecord hostile = HostileRecord.inList("", "tid", bad, "price", value)
                .servedBy(simulator.faults(), "trades");
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            tape.add(21);
            while (streamFaults.takeUpgradeRefusal()) {
                // Lets the stream come back.
            }
            Await.until(10, "the 20 trades after the unreadable one, caught up", () -> received.size() == 25);
            return null;
        });
        assertThat(hostile.served()).as("the catch-up read the page with the unreadable trade").isPositive();

        tape.add(5);
        Await.until(10, "pushed again after the catch-up", () -> received.size() == 30);
        assertSkippedOnce(start, bad, hostile, log, value);
    }

    private void consume(String uri) throws Exception {
        harness.context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).process(e -> received.add(e.getMessage().getBody()));
            }
        });
    }

    /**
     * Every trade after {@code start} but {@code bad} delivered once, in order; the position only ever {@code start}
     * or a trade delivered; the refused trade counted at each reply that carried it, logged once without a stack trace.
     */
    private void assertSkippedOnce(long start, long bad, HostileRecord hostile, HostileHarness.Logged<?> log,
                                   HostileValue value) {
        List<Long> delivered = received.stream().map(t -> ((Trade) t).tid()).toList();
        assertThat(delivered).as("every later trade once, in order; the unreadable one skipped")
                .containsExactlyElementsOf(tape.between(start, tape.last()).stream().filter(t -> t != bad).toList());
        List<Long> real = new java.util.ArrayList<>(delivered);
        real.add(start);
        assertThat(positions.stored()).as("the position only ever where it started or a trade delivered")
                .isNotEmpty().allSatisfy(p -> assertThat(real).contains(Long.parseLong(p)));
        assertThat(positions.getState("trades:btc_usdt")).isEqualTo(Long.toString(tape.last()));
        assertThat(harness.refused("trades", "rest", Scope.RECORD)).as("counted at each reply that carried it")
                .isEqualTo(hostile.served());
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(Tape.warnings(log, ReplyRefusals.class)).as(log.log()).hasSize(1).first().asString()
                .contains("trades of btc_usdt")
                .contains(value.action() == HostileValue.Action.ADD ? "nested deeper" : "'price'");
    }
}
