package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.WithdrawStatus;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.client.model.WithdrawalEventType;
import com.camelexchange.component.Await;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static com.camelexchange.client.model.WithdrawalEventType.NEW;
import static com.camelexchange.client.model.WithdrawalEventType.STATUS_CHANGED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The withdrawal events consumer when the exchange lists one withdrawal with a hostile value, on every page that
 * holds it, for as long as the test says: no event of that withdrawal and none of its state moved (no status change
 * on a hostile value), the events of the other withdrawals go on, and once its record is good its real change is
 * announced exactly once.
 */
class HostileWithdrawalsStateTest {
    private static final String COIN = "btc";
    private static final String LISTING = "getWithdrawRecord";
    private static final String LIST = "/message/datas/list";
    private static final String ROUTE = "withdrawals";

    @RegisterExtension
    final ExchangeSimulatorExtension simulatorExtension = ExchangeSimulatorExtension.create(b -> b.quiet()
            .limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private ExchangeSimulator simulator;
    private SimulatorAccount account;
    private HostileHarness harness;
    private final List<WithdrawalEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startCamel() {
        simulator = simulatorExtension.get();
        account = simulator.account(HostileHarness.ACCESS_KEY);
        harness = new HostileHarness(simulator);
    }

    @AfterEach
    void stopCamel() {
        harness.close();
    }

    /** What no real exchange says of a withdrawal: the field, and the value. */
    static Stream<HostileValue> hostileValues() {
        long dayAfterTomorrow = Instant.now().plusSeconds(2 * 86_400).toEpochMilli();
        return Stream.concat(Stream.of(HostileValue.set("status 99", "99"),
                HostileValue.set("amount negative", "\"-1\""),
                HostileValue.set("submitTime two days ahead", Long.toString(dayAfterTomorrow)),
                HostileValue.set("id with letters", "\"12ab\"")), HostileValue.structural());
    }

    private static String field(HostileValue value) {
        String first = value.label().substring(0, value.label().indexOf(' '));
        return List.of("status", "amount", "submitTime", "id").contains(first) ? first : "amount";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void aFollowedWithdrawalWithAHostileRecordMovesNothingAndItsRealChangeComesOnceItIsGood(HostileValue value)
            throws Exception {
        watch(20);
        long hostile = account.requestWithdrawal(COIN, new BigDecimal("0.1"), null);
        awaitTypes(hostile, NEW);

        HostileRecord served = HostileRecord.inList(LIST, "id", hostile, field(value), value)
                .servedBy(simulator.faults(), LISTING);
        long[] other = new long[1];
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            account.settleWithdrawal(hostile, 2);
            // Newer than the hostile one, which is the newest announced: nothing waits for it.
            other[0] = account.requestWithdrawal(COIN, new BigDecimal("0.2"), null);
            awaitTypes(other[0], NEW);
            afterMorePolls();
            return null;
        });
        assertThat(served.served()).as("the hostile record was served").isPositive();
        assertThat(types(hostile)).as("nothing said of it while its record is hostile").containsExactly(NEW);
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(Tape.warnings(log, ReplyRefusals.class)).as(log.log()).hasSize(1);
        assertThat(log.warnings()).as("nothing else (no record passed over): " + log.log()).isEqualTo(1);

        served.heal();
        awaitTypes(hostile, NEW, STATUS_CHANGED);
        afterMorePolls();
        assertThat(types(hostile)).containsExactly(NEW, STATUS_CHANGED);
        WithdrawalEvent changed = events.stream().filter(e -> e.record().id() == hostile).toList().get(1);
        assertThat(changed.previousStatus()).isEqualTo(WithdrawStatus.SUBMITTED);
        assertThat(changed.record().status()).isEqualTo(WithdrawStatus.SUCCESS);
        assertThat(types(other[0])).containsExactly(NEW);
    }

    /**
     * A new withdrawal first listed with a hostile value, and a newer one above it: the newer one waits for it, and
     * once its record is good both are announced, oldest first. Polls every 100 ms: the test heals the record within
     * the scans the newer one may wait (10).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void aNewWithdrawalFirstListedWithAHostileRecordIsAnnouncedOnceGoodAndTheNewerOneWaitsForIt(HostileValue value)
            throws Exception {
        watch(100);
        long first = account.requestWithdrawal(COIN, new BigDecimal("0.1"), null);
        awaitTypes(first, NEW);

        harness.context.getRouteController().stopRoute(ROUTE);
        long hostile = account.requestWithdrawal(COIN, new BigDecimal("0.2"), null);
        HostileRecord served = HostileRecord.inList(LIST, "id", hostile, field(value), value)
                .servedBy(simulator.faults(), LISTING);
        long newer = account.requestWithdrawal(COIN, new BigDecimal("0.3"), null);
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            harness.context.getRouteController().startRoute(ROUTE);
            Await.until(10, "two scans of the listing", () -> served.served() >= 2);
            assertThat(types(hostile)).as("nothing said of it while its record is hostile").isEmpty();
            assertThat(types(newer)).as("the newer one waits for it").isEmpty();
            served.heal();
            awaitTypes(hostile, NEW);
            awaitTypes(newer, NEW);
            afterMorePolls();
            return null;
        });
        assertThat(events.stream().map(e -> e.record().id()).toList()).as("each once, oldest first")
                .endsWith(first, hostile, newer).doesNotHaveDuplicates();
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(log.warnings()).as(log.log()).isEqualTo(Tape.warnings(log, ReplyRefusals.class).size());
    }

    /** The consumer, once its first start announced the withdrawals pending then. */
    private void watch(int delay) throws Exception {
        String scheme = harness.newComponent();
        long before = simulator.requestCount(LISTING);
        harness.context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(scheme + ":withdrawals?coin=" + COIN + "&delay=" + delay + "&initialDelay=0").routeId(ROUTE)
                        .process(e -> events.add(e.getMessage().getBody(WithdrawalEvent.class)));
            }
        });
        Await.until(10, "the first poll", () -> simulator.requestCount(LISTING) > before);
    }

    private List<WithdrawalEventType> types(long id) {
        return events.stream().filter(e -> e.record().id() == id).map(WithdrawalEvent::type).toList();
    }

    private void awaitTypes(long id, WithdrawalEventType... types) throws InterruptedException {
        Await.until(10, "events of withdrawal " + id + " " + List.of(types), () -> types(id).size() >= types.length);
        assertThat(types(id)).as("events of withdrawal %s", id).containsExactly(types);
    }

    private void afterMorePolls() throws InterruptedException {
        long now = simulator.requestCount(LISTING);
        Await.until(10, "three more polls", () -> simulator.requestCount(LISTING) >= now + 3);
    }
}
