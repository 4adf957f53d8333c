package com.camelexchange.component.hostile;

import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.Candle;
import com.camelexchange.component.Await;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
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
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The K-line polling consumer with one candle in the middle served with a hostile value on every reply that holds
 * it: the candles after it are delivered, in order, none twice; the position is only ever the open time of a candle
 * delivered (never a hostile time); the refused candle is logged once, without a stack trace, and counted.
 *
 * <p>Every field of a candle ({@link RestShape}'s kline record fields), each with one value per way a candle is
 * refused rather than every value of its kind: a number beyond its bounds, a word, null and a negative value (all
 * fields), zero (prices), and for the open time a date two days ahead, before 2000 and in seconds where
 * milliseconds are due. A candle is read by one deserializer, field by field, so the other values of a kind take the
 * same paths (the replies' own suite, {@link HostileRestRepliesTest}, serves each of them); what this test adds is
 * the consumer's position and its later candles, which do not depend on which value refused the candle.
 */
class HostileKlineStateTest {
    /** The open time of the first candle: a whole minute, an hour ago. */
    private static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));
    /** Candles of minutes 0 to 30; the clock half a minute into minute 30, so that minutes 0 to 29 are closed. */
    private static final int MINUTES = 30;
    private static final int BAD_MINUTE = 12;
    private static final Set<String> REPRESENTATIVE = Set.of("exponent 999999999", "beyond a long", "a word", "null",
            "negative", "zero", "two days ahead", "before 2000", "seconds where milliseconds are due");
    private static final MutableClock CLOCK = new MutableClock(T0.plus(Duration.ofMinutes(MINUTES)).plusSeconds(30));

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.quiet()
            .clock(CLOCK).limits(SimulatorLimits.none()).key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private static HostileHarness harness;

    @BeforeAll
    static void startCamelAndMakeTheCandles() {
        for (int minute = 0; minute <= MINUTES; minute++) {
            SIMULATOR.get().exchange().recordHistoricalTrade(Tape.MARKET, T0.plus(Duration.ofMinutes(minute))
                    .toEpochMilli(), new BigDecimal(65000 + minute), new BigDecimal("0.1"), Side.BUY);
        }
        harness = new HostileHarness(SIMULATOR.get());
    }

    @AfterAll
    static void stopCamel() {
        harness.close();
    }

    static Stream<Arguments> cases() {
        RestShape kline = RestShape.all("0").stream()
                .filter(s -> s.method().equals("kline") && s.scope() == Scope.RECORD).findFirst().orElseThrow();
        return kline.fields().stream().flatMap(field -> field.hostile().stream()
                .filter(value -> REPRESENTATIVE.contains(value.label()))
                .map(value -> Arguments.of(field.path().substring(field.path().lastIndexOf('/') + 1), value)));
    }

    @ParameterizedTest(name = "candle [{0}]: {1}")
    @MethodSource("cases")
    void aCandleWithAHostileValueIsSkippedAndTheCandlesAfterItGoOn(String index, HostileValue value) throws Exception {
        String scheme = harness.newComponent();
        harness.context.getComponent(scheme, ExchangeComponent.class).setCandleClock(CLOCK);
        String routeId = scheme + "-kline";
        RecordedPositions positions = new RecordedPositions();
        harness.context.getRegistry().bind(scheme + "-positions", positions);
        List<Candle> received = new CopyOnWriteArrayList<>();
        long bad = T0.plus(Duration.ofMinutes(BAD_MINUTE)).toEpochMilli();
        HostileRecord hostile = HostileRecord.inList("/data", "0", bad, index, value)
                .servedBy(SIMULATOR.get().faults(), "kline");
        double refusedBefore = harness.refused("kline", "rest", Scope.RECORD);
        try {
            HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
                harness.context.addRoutes(new RouteBuilder() {
                    @Override
                    public void configure() {
                        from(scheme + ":kline?market=btc_usdt&type=1min&size=10&delay=10&initialDelay=0"
                             + "&stateRepository=#" + scheme + "-positions&since=" + T0.toEpochMilli()).routeId(routeId)
                                .process(e -> received.add(e.getMessage().getBody(Candle.class)));
                    }
                });
                Await.until(10, "the closed candles but the hostile one", () -> received.size() >= MINUTES - 1);
                // A few more polls: nothing comes twice, and the open candle is not taken for closed.
                long reads = SIMULATOR.get().requestCount("kline");
                Await.until(10, "three more polls", () -> SIMULATOR.get().requestCount("kline") >= reads + 3);
                return null;
            });

            List<Instant> closed = new ArrayList<>();
            for (int minute = 0; minute < MINUTES; minute++) {
                if (minute != BAD_MINUTE) {
                    closed.add(T0.plus(Duration.ofMinutes(minute)));
                }
            }
            assertThat(received).extracting(Candle::openTime).as("every closed candle but the hostile one, once")
                    .containsExactlyElementsOf(closed);
            List<String> real = new ArrayList<>(closed.stream().map(t -> Long.toString(t.toEpochMilli())).toList());
            real.add(Long.toString(T0.toEpochMilli() - 1));
            assertThat(positions.stored()).as("the position only ever where it started or a candle delivered")
                    .isNotEmpty().allSatisfy(p -> assertThat(real).contains(p));
            assertThat(positions.getState("kline:btc_usdt:1min")).isEqualTo(real.get(closed.size() - 1));
            assertThat(hostile.served()).isPositive();
            assertThat(harness.refused("kline", "rest", Scope.RECORD)).as("counted at each reply that carried it")
                    .isEqualTo(refusedBefore + hostile.served());
            assertThat(log.stackTrace()).as(log.log()).isFalse();
            assertThat(Tape.warnings(log, ReplyRefusals.class)).as(log.log()).hasSize(1);
            assertThat(log.warnings()).as("nothing else: " + log.log()).isEqualTo(1);
        } finally {
            SIMULATOR.get().faults().clear();
            harness.context.getRouteController().stopRoute(routeId);
            harness.context.removeRoute(routeId);
            harness.remove(scheme);
        }
    }
}
