package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.component.Await;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.FaultPlan;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static com.camelexchange.client.model.OrderEventType.CANCELLED;
import static com.camelexchange.client.model.OrderEventType.NEW;
import static com.camelexchange.client.model.OrderEventType.PARTIALLY_FILLED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order events consumer when the exchange serves one order's record with a hostile value, in every listing and
 * look-up that holds it, for as long as the test says: no event of that order and none of its state moved (no NEW,
 * FILLED or CANCELLED on a hostile value), the events of the other orders go on, and once the record is good again
 * the order's real transitions are announced exactly once. A new order listed so keeps the newer ones waiting (for
 * at most ten scans), so that it is not passed over once they are announced; a page it shortens is not the last.
 */
class HostileOrderEventsStateTest {
    private static final String MARKET = "btc_usdt";
    private static final String ROUTE = "orders";
    private static final String SCAN = "com.camelexchange.client.internal.feed.account.NewestFirstScan";
    /** The calls that show an order: the listings of open and of all orders, and the look-up of one. */
    private static final List<String> SHOWN_BY = List.of("getUnfinishedOrdersIgnoreTradeType",
            "getOrdersIgnoreTradeType");

    @RegisterExtension
    final ExchangeSimulatorExtension simulatorExtension = ExchangeSimulatorExtension.create(b -> b.quiet()
            .limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private ExchangeSimulator simulator;
    private HostileHarness harness;
    private User alice;
    private User bob;
    private final List<OrderEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startCamel() {
        simulator = simulatorExtension.get();
        simulator.createAccount("bob", "bob-secret");
        alice = simulator.exchange().key(HostileHarness.ACCESS_KEY).user();
        bob = simulator.exchange().key("bob").user();
        harness = new HostileHarness(simulator);
    }

    @AfterEach
    void stopCamel() {
        harness.close();
    }

    /** What no real exchange says of an order. */
    static Stream<HostileValue> hostileValues() {
        long dayAfterTomorrow = Instant.now().plusSeconds(2 * 86_400).toEpochMilli();
        return Stream.concat(Stream.of(HostileValue.set("status 99", "99"),
                HostileValue.set("trade_amount above total_amount", "\"5\""),
                HostileValue.set("trade_date two days ahead", Long.toString(dayAfterTomorrow)),
                HostileValue.set("id with letters", "\"12ab\"")), HostileValue.structural());
    }

    private static String field(HostileValue value) {
        return switch (value.label()) {
            case "status 99" -> "status";
            case "trade_amount above total_amount" -> "trade_amount";
            case "trade_date two days ahead" -> "trade_date";
            default -> value.label().startsWith("id") ? "id" : "price";
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void aFollowedOrderWithAHostileRecordMovesNothingAndItsRealChangesComeOnceItIsGood(HostileValue value)
            throws Exception {
        long other = place(Side.SELL, "70000", "0.1");
        long hostile = place(Side.BUY, "60000", "0.1");
        watch(20);
        awaitTypes(other, NEW);
        awaitTypes(hostile, NEW);

        List<HostileRecord> served = serve(hostile, field(value), value);
        long[] placedMeanwhile = new long[1];
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            bobTakes(Side.SELL, "60000", "0.03");
            bobTakes(Side.BUY, "70000", "0.04");
            awaitTypes(other, NEW, PARTIALLY_FILLED);
            // Newer than the hostile one, which is the newest announced: nothing waits for it.
            placedMeanwhile[0] = place(Side.SELL, "72000", "0.1");
            awaitTypes(placedMeanwhile[0], NEW);
            afterMorePolls();
            return null;
        });
        assertThat(served).as("the hostile record was served").allSatisfy(s -> assertThat(s.served()).isPositive());
        assertThat(types(hostile)).as("nothing said of the order while its record is hostile").containsExactly(NEW);
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(Tape.warnings(log, ReplyRefusals.class)).as("once for each listing that refused it: " + log.log())
                .hasSizeBetween(1, SHOWN_BY.size());
        assertThat(lookUpWarnings(log)).as("its look-up refused, once: " + log.log()).hasSize(1).first().asString()
                .contains(Long.toString(hostile));
        assertThat(log.warnings()).as("nothing else (no order passed over): " + log.log())
                .isEqualTo(Tape.warnings(log, ReplyRefusals.class).size() + 1);

        served.forEach(HostileRecord::heal);
        awaitTypes(hostile, NEW, PARTIALLY_FILLED);
        simulator.exchange().cancel(alice, MARKET, hostile, null);
        awaitTypes(hostile, NEW, PARTIALLY_FILLED, CANCELLED);
        afterMorePolls();
        assertThat(types(hostile)).containsExactly(NEW, PARTIALLY_FILLED, CANCELLED);
        assertThat(events.stream().filter(e -> e.order().id().equals(Long.toString(hostile)))
                .filter(e -> e.type() == PARTIALLY_FILLED).findFirst().orElseThrow().tradedSinceLast())
                .isEqualByComparingTo("0.03");
        assertThat(types(other)).containsExactly(NEW, PARTIALLY_FILLED);
        assertThat(types(placedMeanwhile[0])).containsExactly(NEW);
    }

    /**
     * A new order first listed with a hostile value, and a newer order listed above it: the newer one waits, since
     * once it is announced the hostile one would lie below the newest announced and never be announced; once the
     * record is good both are announced, oldest first, with what the hostile one did meanwhile. The consumer polls
     * every 100 ms: the test heals the record within the scans the newer one may wait ({@code MOST_HOLDS}, 10).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileValues")
    void aNewOrderFirstListedWithAHostileRecordIsAnnouncedOnceGoodAndTheNewerOnesWaitForIt(HostileValue value)
            throws Exception {
        long first = place(Side.SELL, "70000", "0.1");
        watch(100);
        awaitTypes(first, NEW);

        harness.context.getRouteController().stopRoute(ROUTE);
        long hostile = place(Side.BUY, "60000", "0.1");
        List<HostileRecord> served = serve(hostile, field(value), value);
        HostileRecord listed = served.get(1);
        long newer = place(Side.SELL, "71000", "0.1");
        bobTakes(Side.SELL, "60000", "0.03");
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            harness.context.getRouteController().startRoute(ROUTE);
            Await.until(10, "two scans of the listing", () -> listed.served() >= 2);
            assertThat(types(hostile)).as("nothing said of the order while its record is hostile").isEmpty();
            assertThat(types(newer)).as("the newer order waits for it").isEmpty();
            served.forEach(HostileRecord::heal);
            awaitTypes(hostile, NEW, PARTIALLY_FILLED);
            awaitTypes(newer, NEW);
            afterMorePolls();
            return null;
        });
        assertThat(types(hostile)).containsExactly(NEW, PARTIALLY_FILLED);
        assertThat(types(newer)).containsExactly(NEW);
        assertThat(types(first)).containsExactly(NEW);
        assertThat(events.stream().map(e -> Long.parseLong(e.order().id())).distinct().toList())
                .as("oldest first").containsExactly(first, hostile, newer);
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(log.log().lines().filter(l -> l.contains(" WARN " + SCAN + " "))).as(log.log()).isEmpty();
    }

    /**
     * A new order whose record stays hostile holds the newer ones back for a bounded number of scans only: then
     * they are announced, with one WARN, and it is passed over (it lies below the newest announced from then on).
     */
    @Test
    void aRecordThatStaysHostileHoldsTheNewerOrdersBackForABoundedNumberOfScansOnly() throws Exception {
        HostileValue value = HostileValue.set("status 99", "99");
        long first = place(Side.SELL, "70000", "0.1");
        watch(20);
        awaitTypes(first, NEW);

        harness.context.getRouteController().stopRoute(ROUTE);
        long hostile = place(Side.BUY, "60000", "0.1");
        List<HostileRecord> served = serve(hostile, field(value), value);
        long newer = place(Side.SELL, "71000", "0.1");
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            harness.context.getRouteController().startRoute(ROUTE);
            awaitTypes(newer, NEW);
            afterMorePolls();
            return null;
        });
        assertThat(served.get(1).served()).as("the newer one waited ten scans").isGreaterThan(10);
        assertThat(types(hostile)).as("no event on the hostile record").isEmpty();
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(log.log().lines().filter(l -> l.contains(" WARN " + SCAN + " ")).toList()).as(log.log())
                .singleElement().asString().contains("orders of btc_usdt").contains("passed over");
    }

    /**
     * A page of the listing shortened by a refused record is not the last page: eleven new orders, ten a page, the
     * newest one hostile: the page of ten holds nine readable orders, and the eleventh, on the next page, is announced
     * too (were the page of nine taken as the last, the ten above would be announced and it never).
     */
    @Test
    void aPageShortenedByARefusedRecordIsNotTakenForTheLastPage() throws Exception {
        long first = place(Side.SELL, "70000", "0.1");
        watch(20);
        awaitTypes(first, NEW);

        harness.context.getRouteController().stopRoute(ROUTE);
        List<Long> placed = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            placed.add(place(Side.SELL, Integer.toString(71000 + i), "0.1"));
        }
        long hostile = placed.get(10);
        List<HostileRecord> served = serve(hostile, "status", HostileValue.set("status 99", "99"));
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            harness.context.getRouteController().startRoute(ROUTE);
            for (long order : placed.subList(0, 10)) {
                awaitTypes(order, NEW);
            }
            afterMorePolls();
            return null;
        });
        assertThat(types(hostile)).isEmpty();
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        served.forEach(HostileRecord::heal);
        awaitTypes(hostile, NEW);
        afterMorePolls();
        assertThat(events.stream().map(e -> Long.parseLong(e.order().id())).toList()).as("each once, oldest first")
                .containsExactly(Stream.concat(Stream.of(first), placed.stream()).toArray(Long[]::new));
    }

    private static List<String> lookUpWarnings(HostileHarness.Logged<?> log) {
        return log.log().lines()
                .filter(l -> l.contains(" WARN com.camelexchange.client.internal.feed.account.PolledOrderEvents ")).toList();
    }

    /** Serves the order's record with the hostile value in every listing and in its look-up. */
    private List<HostileRecord> serve(long order, String field, HostileValue value) {
        FaultPlan faults = simulator.faults();
        List<HostileRecord> served = new ArrayList<>();
        for (String listing : SHOWN_BY) {
            served.add(HostileRecord.inList("", "id", order, field, value).servedBy(faults, listing));
        }
        served.add(HostileRecord.whole("id", order, field, value).servedBy(faults, "getOrder"));
        return served;
    }

    private void watch(int delay) throws Exception {
        String scheme = harness.newComponent();
        harness.context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(scheme + ":orders?market=" + MARKET + "&pageSize=10&delay=" + delay + "&initialDelay=0")
                        .routeId(ROUTE)
                        .process(e -> events.add(e.getMessage().getBody(OrderEvent.class)));
            }
        });
    }

    private long place(Side side, String price, String amount) {
        return simulator.exchange().place(alice, OrderCommand.limit(MARKET, side, new BigDecimal(price),
                new BigDecimal(amount))).id();
    }

    /** Bob takes {@code amount} at {@code price}; what does not trade is gone (IOC). */
    private void bobTakes(Side side, String price, String amount) {
        simulator.exchange().place(bob, new OrderCommand(MARKET, side, new BigDecimal(price), new BigDecimal(amount),
                0, null, OrderType.IOC));
    }

    private List<OrderEventType> types(long order) {
        return events.stream().filter(e -> e.order().id().equals(Long.toString(order))).map(OrderEvent::type)
                .toList();
    }

    private void awaitTypes(long order, OrderEventType... types) throws InterruptedException {
        Await.until(10, "events of order " + order + " " + List.of(types), () -> types(order).size() >= types.length);
        assertThat(types(order)).as("events of order %s", order).containsExactly(types);
    }

    /** Lets the consumer poll a few more times, so that an event that should not come had its chance. */
    private void afterMorePolls() throws InterruptedException {
        long now = simulator.requestCount("getOrdersIgnoreTradeType");
        Await.until(10, "three more polls", () -> simulator.requestCount("getOrdersIgnoreTradeType") >= now + 3);
    }
}
