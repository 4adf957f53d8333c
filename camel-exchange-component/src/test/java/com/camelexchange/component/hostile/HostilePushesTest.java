package com.camelexchange.component.hostile;

import com.camelexchange.component.Await;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.JsonRewrite;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every field of every push the component reads over the WebSocket, set to each value no real exchange sends for
 * it and pushed by the simulator in the middle of a normal stream, to a streaming consumer: the stream goes on (the
 * next good push is delivered; every trade and every closed candle once, in order, the refused one as REST has
 * it), the hostile push or record is refused with one WARN and no stack trace, counted, and nothing moved on it:
 * the position never holds it, and a route joining the channel after it never gets it.
 *
 * <p>Each case is one good push, the hostile one and one good push after it, on a fresh component (its
 * once-a-minute WARN is the case's own) in the class's one Camel context, against the class's one simulator. The
 * simulator's clock only moves when a case moves it: one second a push (so that each snapshot differs), a minute
 * for a candle to close.
 */
class HostilePushesTest {
    private static final String MARKET = "btc_usdt";
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final long MINUTE = 60_000;
    /** Half a day ago: candles a few hours of cases ahead still lie in the past, as the component's bounds want. */
    private static final MutableClock CLOCK = new MutableClock(Instant.now().minus(Duration.ofHours(12))
            .truncatedTo(ChronoUnit.MINUTES));

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.activity(false)
            .history(false).clock(CLOCK).limits(SimulatorLimits.none()));
    private static final RecordedPositions POSITIONS = new RecordedPositions();
    private static final AtomicInteger ROUTES = new AtomicInteger();
    private static final AtomicInteger CASES = new AtomicInteger();
    private static final AtomicInteger TRADES = new AtomicInteger();
    private static HostileHarness harness;
    private static ProducerTemplate template;

    @BeforeAll
    static void startCamel() {
        harness = new HostileHarness(SIMULATOR.get());
        harness.context.getRegistry().bind("positions", POSITIONS);
        template = harness.context.createProducerTemplate();
        // The tape's first trade: the trades cases start after the trade before them.
        trade(SECOND);
    }

    @AfterAll
    static void stopCamel() {
        harness.close();
    }

    static Stream<Arguments> cases() {
        String only = System.getProperty("hostile.only", "");
        return PushShape.all().stream().filter(shape -> shape.channel().contains(only))
                .flatMap(shape -> shape.fields().stream()
                .flatMap(field -> field.hostile().stream().map(value -> Arguments.of(shape, field, value))));
    }

    @ParameterizedTest(name = "{0} {1}: {2}")
    @MethodSource("cases")
    void aHostilePushIsRefusedCountedAndTheStreamGoesOnAsIfItNeverCame(PushShape shape, Field field,
                                                                       HostileValue value) throws Exception {
        String scheme = shape.kind() == PushShape.Kind.KLINE
                ? harness.newComponent(component -> component.setCandleClock(CLOCK)) : harness.newComponent();
        List<String> routes = new ArrayList<>();
        try {
            switch (shape.kind()) {
                case SNAPSHOT -> snapshots(scheme, routes, shape, field, value);
                case TRADES -> trades(scheme, routes, shape, field, value);
                case KLINE -> candles(scheme, routes, shape, field, value);
                default -> throw new IllegalStateException(shape.kind().name());
            }
        } catch (AssertionError e) {
            throw new AssertionError(shape.channel() + " " + field.path() + " " + value.label() + ": "
                                     + e.getMessage(), e);
        } finally {
            letGo(scheme, routes, shape.channel());
        }
    }

    /**
     * Two routes of a component on one trades channel take the same frame: the trade it lost is counted and logged
     * once, not once a route, and each route gets every trade once, the refused one as REST has it.
     */
    @Test
    void aTradeRefusedFromAPushTwoRoutesShareIsCountedOnce() throws Exception {
        String channel = "btcusdt_trades";
        String scheme = harness.newComponent();
        List<String> routes = new ArrayList<>();
        try {
            long since = lastTid();
            String uri = scheme + ":trades?market=" + MARKET + "&streaming=true&since=" + since;
            List<Object> one = new CopyOnWriteArrayList<>();
            List<Object> two = new CopyOnWriteArrayList<>();
            routes.add(route(uri, one));
            routes.add(route(uri + "&bridgeErrorHandler=false", two));
            Await.until(10, "subscribed", () -> simulator().streamSubscriptions(channel) == 1);
            Counts before = Counts.of("trades", channel);

            HostileHarness.Logged<Object> hostile = HostileHarness.logging(() -> {
                simulator().streamFaults().rewriteNextPush(channel, JsonRewrite.set("/data/0/price", "\"-1\""));
                trade(SECOND);
                Await.until(10, "the hostile push read", () -> !Counts.of("trades", channel).equals(before));
                trade(SECOND);
                Await.until(10, "both trades on both routes", () -> one.size() >= 2 && two.size() >= 2);
                return null;
            });

            List<?> tape = template.requestBody(scheme + ":trades?market=" + MARKET + "&since=" + since, null,
                    List.class);
            assertThat(tape).hasSize(2);
            assertThat(one).isEqualTo(tape);
            assertThat(two).isEqualTo(tape);
            assertThat(hostile.warnings()).as(hostile.log()).isEqualTo(1);
            assertThat(Counts.of("trades", channel).minus(before)).isEqualTo(new Counts(1, 0, 0));
        } finally {
            letGo(scheme, routes, channel);
        }
    }

    /**
     * Two routes of a component on one ticker channel take the same push: one that cannot be read is counted and
     * logged once, not once a route, and both take the next one.
     */
    @Test
    void aTickerPushTwoRoutesShareThatCannotBeReadIsCountedOnce() throws Exception {
        String channel = "btcusdt_ticker";
        String scheme = harness.newComponent();
        List<String> routes = new ArrayList<>();
        try {
            String uri = scheme + ":ticker?market=" + MARKET + "&streaming=true";
            List<Object> one = new CopyOnWriteArrayList<>();
            List<Object> two = new CopyOnWriteArrayList<>();
            routes.add(route(uri, one));
            Await.until(10, "the snapshot of the subscription", () -> one.size() == 1);
            routes.add(route(uri + "&bridgeErrorHandler=false", two));
            Await.until(10, "the snapshot kept for a route joining", () -> two.size() == 1);
            Counts before = Counts.of("ticker", channel);

            HostileHarness.Logged<Object> hostile = HostileHarness.logging(() -> {
                simulator().streamFaults().rewriteNextPush(channel, JsonRewrite.set("/ticker/last", "\"-1\""));
                trade(SECOND);
                Await.until(10, "the hostile push read", () -> !Counts.of("ticker", channel).equals(before));
                trade(SECOND);
                Await.until(10, "the next push on both routes", () -> one.size() >= 2 && two.size() >= 2);
                return null;
            });

            assertThat(one).hasSize(2);
            assertThat(two).isEqualTo(one);
            assertThat(hostile.stackTrace()).as(hostile.log()).isFalse();
            assertThat(hostile.warnings()).as(hostile.log()).isEqualTo(1);
            assertThat(Counts.of("ticker", channel).minus(before)).isEqualTo(new Counts(0, 1, 1));
        } finally {
            letGo(scheme, routes, channel);
        }
    }

    /**
     * A ticker or a book: the hostile push is refused whole and the next one replaces it; a route joining the
     * channel after it is handed nothing kept from before it (the hostile push may have been newer) and gets the
     * next good one.
     */
    private static void snapshots(String scheme, List<String> routes, PushShape shape, Field field,
                                  HostileValue value) throws Exception {
        List<Object> first = new CopyOnWriteArrayList<>();
        List<Object> joining = new CopyOnWriteArrayList<>();
        routes.add(route(scheme + ":" + shape.uri(), first));
        Await.until(10, "the snapshot of the subscription", () -> first.size() == 1);
        trade(SECOND);
        Await.until(10, "a good push", () -> first.size() == 2);
        Counts before = Counts.of(shape);

        HostileHarness.Logged<Object> hostile = HostileHarness.logging(() -> {
            simulator().streamFaults().rewriteNextPush(shape.channel(), value.at(field.path()));
            trade(SECOND);
            // Read by the route's consumer: whatever the channel kept, it kept by now.
            Await.until(10, "the hostile push read",
                    () -> harness.undecodable(shape.channel()) > before.undecodable() || first.size() > 2);
            // Another endpoint (Camel allows one consumer an endpoint) on the same channel.
            routes.add(route(scheme + ":" + shape.uri() + "&bridgeErrorHandler=false", joining));
            trade(SECOND);
            Await.until(10, "the next good push", () -> first.size() >= 3 && !joining.isEmpty());
            return null;
        });

        Counts after = Counts.of(shape);
        assertThat(hostile.stackTrace()).as(hostile.log()).isFalse();
        assertThat(first).as("the hostile push is not delivered, the next one is").hasSize(3);
        assertThat(first.get(2)).as("a newer snapshot").isNotEqualTo(first.get(1));
        assertThat(joining).as("a route joining after the hostile push").containsExactly(first.get(2));
        assertThat(hostile.warnings()).as(hostile.log()).isEqualTo(1);
        assertThat(after.minus(before)).as("refused whole, unreadable once").isEqualTo(new Counts(0, 1, 1));
    }

    /**
     * Trades: the hostile trade is refused, the next push shows a hole, and the REST catch-up brings the trade as
     * the exchange has it: every trade once, in order; the position moves on real trades only.
     */
    private static void trades(String scheme, List<String> routes, PushShape shape, Field field,
                               HostileValue value) throws Exception {
        long since = lastTid();
        String key = "trades-" + CASES.incrementAndGet();
        List<Object> received = new CopyOnWriteArrayList<>();
        routes.add(route(scheme + ":" + shape.uri() + "&since=" + since + "&stateRepository=#positions&stateKey="
                         + key, received));
        Await.until(10, "subscribed", () -> simulator().streamSubscriptions(shape.channel()) == 1);
        trade(SECOND);
        Await.until(10, "a good push", () -> received.size() == 1);
        Counts before = Counts.of(shape);

        HostileHarness.Logged<Object> hostile = HostileHarness.logging(() -> {
            simulator().streamFaults().rewriteNextPush(shape.channel(), value.at(field.path()));
            trade(SECOND);
            Await.until(10, "the hostile push read", () -> !Counts.of(shape).equals(before) || received.size() > 1);
            trade(SECOND);
            // A position is stored once its exchange completed, after the route took it.
            Await.until(10, "every trade, its position stored",
                    () -> received.size() >= 3 && POSITIONS.history(key).size() >= 4);
            return null;
        });

        List<?> tape = template.requestBody(scheme + ":trades?market=" + MARKET + "&since=" + since, null, List.class);
        assertThat(tape).hasSize(3);
        assertThat(hostile.stackTrace()).as(hostile.log()).isFalse();
        assertThat(received).as("every trade once, in order, as the exchange has it").isEqualTo(tape);
        assertThat(POSITIONS.history(key)).as("the position, as stored")
                .containsExactly(since, since + 1, since + 2, since + 3);
        assertRefusedRecord(shape, value, hostile, before);
    }

    /**
     * Candles: the hostile candle is refused; the next push shows a candle that does not follow the position,
     * and the REST catch-up brings the refused one as the exchange has it: every closed candle once, in order.
     */
    private static void candles(String scheme, List<String> routes, PushShape shape, Field field,
                                HostileValue value) throws Exception {
        // A minute of its own: past the candles of the cases before.
        long open = Math.floorDiv(CLOCK.millis(), MINUTE) * MINUTE + 2 * MINUTE;
        tradeAt(open);
        String key = "kline-" + CASES.incrementAndGet();
        List<Object> received = new CopyOnWriteArrayList<>();
        routes.add(route(scheme + ":" + shape.uri() + "&since=" + open + "&stateRepository=#positions&stateKey="
                         + key, received));
        Await.until(10, "subscribed", () -> simulator().streamSubscriptions(shape.channel()) == 1);
        // Each trade opens the next minute's candle, and the push that shows it closes the one before.
        tradeAt(open + MINUTE);
        Await.until(10, "a good push", () -> received.size() == 1);
        Counts before = Counts.of(shape);

        HostileHarness.Logged<Object> hostile = HostileHarness.logging(() -> {
            simulator().streamFaults().rewriteNextPush(shape.channel(), value.at(field.path()));
            tradeAt(open + 2 * MINUTE);
            Await.until(10, "the hostile push read", () -> !Counts.of(shape).equals(before) || received.size() > 1);
            tradeAt(open + 3 * MINUTE);
            Await.until(10, "every closed candle, its position stored",
                    () -> received.size() >= 3 && POSITIONS.history(key).size() >= 4);
            return null;
        });

        List<?> rest = template.requestBody(scheme + ":kline?market=" + MARKET + "&type=1min&since=" + open, null,
                List.class);
        assertThat(rest).hasSize(4);
        assertThat(hostile.stackTrace()).as(hostile.log()).isFalse();
        assertThat(received).as("every closed candle once, in order, as the exchange has it")
                .isEqualTo(rest.subList(0, 3));
        assertThat(POSITIONS.history(key)).as("the position, as stored")
                .containsExactly(open - 1, open, open + MINUTE, open + 2 * MINUTE);
        assertRefusedRecord(shape, value, hostile, before);
    }

    /** A record of a push refused: one WARN, counted as a record; the push itself was read. */
    private static void assertRefusedRecord(PushShape shape, HostileValue value, HostileHarness.Logged<?> hostile,
                                            Counts before) {
        Counts moved = Counts.of(shape).minus(before);
        if (value.taken()) {
            assertThat(hostile.warnings()).as(hostile.log()).isZero();
            assertThat(moved).isEqualTo(new Counts(0, 0, 0));
        } else {
            assertThat(hostile.warnings()).as(hostile.log()).isEqualTo(1);
            assertThat(moved).as("one record refused, the push read").isEqualTo(new Counts(1, 0, 0));
        }
    }

    /** What the meters counted for a push shape: records and pushes refused, pushes its channel could not read. */
    private record Counts(double records, double replies, double undecodable) {
        static Counts of(PushShape shape) {
            return of(shape.operation(), shape.channel());
        }

        static Counts of(String operation, String channel) {
            return new Counts(harness.refused(operation, "push", Scope.RECORD),
                    harness.refused(operation, "push", Scope.REPLY), harness.undecodable(channel));
        }

        Counts minus(Counts other) {
            return new Counts(records - other.records, replies - other.replies, undecodable - other.undecodable);
        }
    }

    /** Removes a case's routes and component, and waits until the simulator let go of the channel. */
    private static void letGo(String scheme, List<String> routes, String channel) throws Exception {
        for (String route : routes) {
            harness.context.getRouteController().stopRoute(route);
            harness.context.removeRoute(route);
        }
        harness.remove(scheme);
        Await.until(10, "the channel let go", () -> simulator().streamSubscriptions(channel) == 0);
    }

    private static String route(String uri, List<Object> into) throws Exception {
        String id = "pushes-" + ROUTES.incrementAndGet();
        harness.context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId(id).process(e -> into.add(e.getMessage().getBody()));
            }
        });
        return id;
    }

    /** One trade, {@code after} the last change: every channel of the market subscribed pushes. */
    private static void trade(Duration after) {
        CLOCK.advance(after);
        tradeAt(CLOCK.millis());
    }

    private static void tradeAt(long epochMillis) {
        CLOCK.set(Instant.ofEpochMilli(Math.max(epochMillis, CLOCK.millis())));
        int n = TRADES.incrementAndGet();
        simulator().exchange().recordHistoricalTrade(MARKET, CLOCK.millis(), new BigDecimal(65_000 + n % 50),
                new BigDecimal("0.01"), n % 2 == 0 ? Side.BUY : Side.SELL);
    }

    private static long lastTid() {
        var last = simulator().exchange().lastTrade(MARKET);
        return last == null ? 0 : last.tid();
    }

    private static ExchangeSimulator simulator() {
        return SIMULATOR.get();
    }

    /** A memory repository that keeps every value each key was set to, in order. */
    private static final class RecordedPositions extends MemoryStateRepository {
        private final Map<String, List<Long>> history = new ConcurrentHashMap<>();

        @Override
        public void setState(String key, String value) {
            history.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(Long.parseLong(value));
            super.setState(key, value);
        }

        List<Long> history(String key) {
            return history.getOrDefault(key, List.of());
        }
    }
}
