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
import java.util.Comparator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page of a user's orders is read from the end of the history when it is newest last (the ws-trading benchmark
 * lists one order before each WebSocket order, over a history of hundreds of thousands): the same pages, newest
 * first, as sorting the whole history gives, and still when the clock was set back so that the history is not.
 */
class OrderPagesTest {
    private static final String BTC = "btc_usdt";

    private final MutableClock clock = new MutableClock(Instant.parse("2024-01-01T00:00:00Z"));
    private final SimulatedExchange exchange = new SimulatedExchange(Variant.A, clock, List.of(new MarketSpec(BTC, 2,
            4, new BigDecimal("0.0001"), BigDecimal.ONE, BigDecimal.ZERO)), 1, TradingFees.DEFAULT);
    private final User user = exchange.createUser("pages", false);
    private final List<Order> placed = new ArrayList<>();

    OrderPagesTest() {
        exchange.deposit(user, 0, "btc", new BigDecimal("100"));
        exchange.deposit(user, 0, "usdt", new BigDecimal("10000000"));
    }

    private void place(int i) {
        Side side = i % 3 == 0 ? Side.SELL : Side.BUY;
        BigDecimal price = side == Side.BUY ? BigDecimal.valueOf(1000 + i) : BigDecimal.valueOf(90000 + i);
        Order order = exchange.place(user, OrderCommand.limit(BTC, side, price, new BigDecimal("0.01")));
        if (i % 4 == 0) {
            exchange.cancel(user, BTC, order.id(), null);
        }
        placed.add(order);
    }

    private void assertPagesAsSorted() {
        List<Order> newestFirst = placed.stream().sorted(Comparator.comparingLong(Order::createdAt)
                .thenComparingLong(Order::id).reversed()).toList();
        for (Side side : new Side[] {null, Side.BUY, Side.SELL}) {
            for (boolean open : new boolean[] {false, true}) {
                List<Order> wanted = newestFirst.stream().filter(o -> (side == null || o.side() == side)
                        && (!open || o.isOpen())).toList();
                for (int size : new int[] {1, 7, 50}) {
                    for (int page = 1; page <= wanted.size() / size + 2; page++) {
                        List<Order> expected = wanted.subList(Math.min(wanted.size(), (page - 1) * size),
                                Math.min(wanted.size(), page * size));
                        assertThat(exchange.orders(user, BTC, side, open, page, size)).containsExactlyElementsOf(
                                expected);
                    }
                }
            }
        }
    }

    @Test
    void pagesOfAHistoryNewestLastAreThoseOfTheSortedHistory() {
        for (int i = 0; i < 120; i++) {
            place(i);
            clock.advance(Duration.ofMillis(i % 5 == 0 ? 0 : 3));
        }
        assertPagesAsSorted();
    }

    @Test
    void pagesAfterTheClockWasSetBackAreStillNewestFirst() {
        for (int i = 0; i < 60; i++) {
            place(i);
            clock.advance(Duration.ofMillis(2));
        }
        clock.set(Instant.parse("2023-12-31T23:59:00Z"));
        for (int i = 60; i < 120; i++) {
            place(i);
            clock.advance(Duration.ofMillis(2));
        }
        assertPagesAsSorted();
    }
}
