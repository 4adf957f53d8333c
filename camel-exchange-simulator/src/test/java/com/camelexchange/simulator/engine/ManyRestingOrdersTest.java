package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A paper book holding thousands of resting orders, as a strategy leaves them on a trending market (issue 39, item
 * 5): a trade walks the book in place, best first, and fills exactly the orders it reaches; a fed book moves the
 * queue of the orders its levels show, down to the last level, and leaves the thousands beyond it alone. The engine
 * on a replay's terms: the queue model, 100 ms latency, the market's clock taken from its dates.
 */
class ManyRestingOrdersTest {
    private static final String BTC = "btc_usdt";
    private static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
    private static final BigDecimal SIZE = new BigDecimal("0.001");
    /** Seconds of the climb: a buy and a sell in turn, one a second. */
    private static final int CLIMB = 4_000;

    private final MutableClock clock = new MutableClock(T0);
    private final SimulatedExchange exchange = new SimulatedExchange(Variant.A, clock, List.of(new MarketSpec(BTC, 2,
            4, new BigDecimal("0.0001"), BigDecimal.ONE, BigDecimal.ZERO)), 1, TradingFees.DEFAULT,
            FillModel.DEFAULT.withKind(FillModel.Kind.QUEUE).withLatency(Duration.ofMillis(100)));
    private final User user = exchange.createUser("paper", false);
    private long tid;

    /** The mid of second {@code i} of the climb: 30000.00 and 0.01 more each second. */
    private static BigDecimal mid(long i) {
        return BigDecimal.valueOf(3_000_000L + i, 2);
    }

    /** Ten levels a side around {@code mid}, 0.1 apart, {@code amount} each but {@code worstAsk} at the last ask. */
    private void book(BigDecimal mid, String worstAsk) {
        List<PriceLevel> bids = new ArrayList<>();
        List<PriceLevel> asks = new ArrayList<>();
        for (int level = 1; level <= 10; level++) {
            BigDecimal step = BigDecimal.valueOf(level, 1);
            bids.add(new PriceLevel(mid.subtract(step), new BigDecimal("0.5")));
            asks.add(new PriceLevel(mid.add(step), new BigDecimal(level == 10 ? worstAsk : "0.5")));
        }
        exchange.feed().book(BTC, bids, asks, clock.instant());
    }

    private void trade(BigDecimal price, String amount, Side taker) {
        exchange.feed().trade(BTC, ++tid, clock.instant(), price, new BigDecimal(amount), taker);
    }

    private Order place(Side side, BigDecimal price, BigDecimal amount) {
        return exchange.place(user, OrderCommand.limit(BTC, side, price, amount));
    }

    @Test
    void thousandsOfRestingOrdersTheTradesAndBooksReachTheRightOnes() {
        exchange.deposit(user, 0, "usdt", new BigDecimal("100000000"));
        exchange.deposit(user, 0, "btc", new BigDecimal("1000"));
        List<Order> buys = new ArrayList<>();
        List<Order> sells = new ArrayList<>();
        for (int i = 0; i < CLIMB; i++) {
            book(mid(i), "0.5");
            trade(mid(i), "0.01", i % 2 == 0 ? Side.BUY : Side.SELL);
            // At the trade's price, buy and sell in turn: the climb never comes back to a buy, and a sell fills on
            // the next trade, strictly above it.
            (i % 2 == 0 ? buys : sells).add(place(i % 2 == 0 ? Side.BUY : Side.SELL, mid(i), SIZE));
            clock.advance(Duration.ofSeconds(1));
        }
        book(mid(CLIMB), "0.5");
        trade(mid(CLIMB), "0.01", Side.BUY);

        assertThat(buys).as("every buy rests, unfilled").allSatisfy(o -> {
            assertThat(o.isOpen()).isTrue();
            assertThat(o.filled()).isZero();
        });
        assertThat(exchange.openOrders(user, BTC, Side.BUY)).hasSize(CLIMB / 2);
        assertThat(sells).as("each sell filled once, whole, at its own price, as a maker").allSatisfy(o -> {
            assertThat(o.state()).isEqualTo(Order.State.FILLED);
            assertThat(o.fills()).singleElement().satisfies(f -> {
                assertThat(f.price()).isEqualByComparingTo(o.price());
                assertThat(f.amount()).isEqualByComparingTo(SIZE);
                assertThat(f.maker()).isTrue();
            });
        });

        // A sell trade of five orders' amount far below every buy: the five best prices fill, the latest five buys.
        clock.advance(Duration.ofSeconds(1));
        trade(mid(0).subtract(BigDecimal.ONE), "0.005", Side.SELL);
        List<Order> filled = buys.stream().filter(o -> !o.isOpen()).toList();
        assertThat(filled).containsExactlyInAnyOrderElementsOf(buys.subList(buys.size() - 5, buys.size()));
        assertThat(filled).allSatisfy(o -> assertThat(o.fills()).singleElement()
                .satisfies(f -> assertThat(f.price()).isEqualByComparingTo(o.price())));
        assertThat(exchange.openOrders(user, BTC, Side.BUY)).hasSize(CLIMB / 2 - 5)
                .first().isSameAs(buys.get(buys.size() - 6));

        // A sell at the book's last ask level stands behind the 0.5 shown there; a book showing 0.2 there shrinks
        // that queue to 0.2 (the last level is among those a book tells of), and a buyer's trade of 0.25 at the
        // price takes the 0.2 first, then 0.05 of the order.
        BigDecimal top = mid(CLIMB);
        BigDecimal lastAsk = top.add(BigDecimal.ONE);
        clock.advance(Duration.ofSeconds(1));
        book(top, "0.5");
        Order queued = place(Side.SELL, lastAsk, new BigDecimal("0.1"));
        clock.advance(Duration.ofSeconds(1));
        book(top, "0.5");
        clock.advance(Duration.ofSeconds(1));
        book(top, "0.2");
        clock.advance(Duration.ofSeconds(1));
        trade(lastAsk, "0.25", Side.BUY);
        assertThat(queued.filled()).isEqualByComparingTo("0.05");
        assertThat(buys.stream().filter(o -> !o.isOpen())).as("no buy filled by a trade above them").hasSize(5);
    }
}
