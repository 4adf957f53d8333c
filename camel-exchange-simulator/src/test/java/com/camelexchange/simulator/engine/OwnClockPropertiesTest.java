package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A paper exchange on its own clock (paper trading on a live market), fed any sequence of market dates: honest ones,
 * ones ahead within the skew and beyond it (seconds, hours, a day), ones behind (a feed catching up), with the
 * machine's clock moving on between them and orders placed among them. Whatever came first and however many came, no
 * date more than the skew after the machine's clock is taken (each is refused, counted, and changes nothing), the
 * paper clock is the machine's, and every order is dated by it. Runs the default tries of
 * {@code junit-platform.properties} from a fixed seed.
 */
class OwnClockPropertiesTest {
    private static final String BTC = "btc_usdt";
    private static final Duration SKEW = Duration.ofSeconds(5);

    /** One step: the machine's clock moves on, then a trade, a book or an order, the data dated offset from it. */
    record Step(long advanceMillis, String what, long offsetMillis) {
    }

    @Property(seed = "20261129")
    void theMarketsDatesNeverLeadThePaperClock(@ForAll("steps") List<Step> steps) {
        MutableClock machine = new MutableClock(Instant.parse("2026-11-29T08:00:00Z"));
        SimulatedExchange exchange = new SimulatedExchange(Variant.A, machine, List.of(new MarketSpec(BTC, 2, 4,
                new BigDecimal("0.0001"), BigDecimal.ONE, BigDecimal.ZERO)), 1, TradingFees.DEFAULT,
                FillModel.DEFAULT, SKEW);
        User user = exchange.createUser("paper", false);
        exchange.deposit(user, 0, "usdt", new BigDecimal("1000000000"));
        long tid = 0;
        long refused = 0;
        for (Step step : steps) {
            machine.advance(Duration.ofMillis(step.advanceMillis()));
            long now = machine.millis();
            Instant date = Instant.ofEpochMilli(now + step.offsetMillis());
            boolean ahead = step.offsetMillis() > SKEW.toMillis();
            switch (step.what()) {
                case "trade" -> {
                    long id = ++tid;
                    Trade before = exchange.lastTrade(BTC);
                    if (ahead) {
                        assertThatThrownBy(() -> exchange.feed().trade(BTC, id, date, new BigDecimal("100"),
                                new BigDecimal("0.01"), Side.SELL)).isInstanceOf(IllegalArgumentException.class)
                                .hasMessageContaining("after this exchange's clock");
                        refused++;
                        assertThat(exchange.lastTrade(BTC)).as("nothing taken").isEqualTo(before);
                    } else {
                        exchange.feed().trade(BTC, id, date, new BigDecimal("100"), new BigDecimal("0.01"), Side.SELL);
                        assertThat(exchange.lastTrade(BTC).epochMillis()).isEqualTo(date.toEpochMilli())
                                .isLessThanOrEqualTo(now + SKEW.toMillis());
                    }
                }
                case "book" -> {
                    List<PriceLevel> asks = List.of(new PriceLevel(new BigDecimal("101"), BigDecimal.ONE));
                    List<PriceLevel> bids = List.of(new PriceLevel(new BigDecimal("99"), BigDecimal.ONE));
                    if (ahead) {
                        assertThatThrownBy(() -> exchange.feed().book(BTC, bids, asks, date))
                                .isInstanceOf(IllegalArgumentException.class)
                                .hasMessageContaining("after this exchange's clock");
                        refused++;
                    } else {
                        exchange.feed().book(BTC, bids, asks, date);
                    }
                }
                default -> {
                    Order order = exchange.place(user, OrderCommand.limit(BTC, Side.BUY, new BigDecimal("95"),
                            new BigDecimal("0.1")));
                    assertThat(order.marketTime()).as("dated by the machine's clock").isEqualTo(now);
                }
            }
            assertThat(exchange.locked(() -> exchange.paper().marketTime(now))).as("the paper clock")
                    .isEqualTo(now);
        }
        assertThat(exchange.feed().datesAhead()).isEqualTo(refused);
        assertThat(exchange.feed().clockDisagreements()).isZero();
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        long skew = SKEW.toMillis();
        Arbitrary<Long> offsets = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.longs().between(-2_000, 1_000)),
                Tuple.of(2, Arbitraries.longs().between(0, skew)),
                Tuple.of(2, Arbitraries.longs().between(skew + 1, Duration.ofHours(23).toMillis())),
                Tuple.of(1, Arbitraries.of(skew + 1, Duration.ofHours(12).toMillis(), Duration.ofHours(24).toMillis())),
                Tuple.of(2, Arbitraries.longs().between(-Duration.ofDays(30).toMillis(), -2_000)));
        Arbitrary<Step> step = Combinators.combine(Arbitraries.longs().between(0, 3_000),
                Arbitraries.of("trade", "trade", "book", "order"), offsets).as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(120);
    }
}
