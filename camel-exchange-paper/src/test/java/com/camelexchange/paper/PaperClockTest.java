package com.camelexchange.paper;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36, defect 2: the paper clock is this machine's, not the market's. Dates of the live market more than
 * {@code paperClockSkew} ahead of it were taken as the market's clock, and held every order placed after them 12 hours
 * ahead of the trades that should fill it, whatever honest data came next. Now such data is refused, counted and told
 * at WARN without a stack trace, however many came and whatever came first, and an order is dated by this machine's
 * clock, so the next trade through its price fills it.
 */
class PaperClockTest {
    private static final Duration TWELVE_HOURS = Duration.ofHours(12);

    @Test
    void tradesDatedTwelveHoursAheadHoldNoOrderPlacedAfterThemBack() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            paper.place(OrderSide.BUY, "50000.00", "0.01");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            CapturedLog log = CapturedLog.of(() -> {
                for (int i = 0; i < 4; i++) {
                    live.tradeAhead(TWELVE_HOURS, "60000.00", "0.01", Side.BUY);
                }
                honestTrades(live, paper, 10);
                String afterTen = placedByThisMachinesClock(paper, "59000.00");
                honestTrades(live, paper, 80);
                String afterNinety = placedByThisMachinesClock(paper, "59000.00");

                live.trade("58500.00", "0.1", Side.SELL);
                Await.until(10, "the next trade through their price fills both",
                        () -> paper.order(afterTen).status() == OrderStatus.FILLED
                              && paper.order(afterNinety).status() == OrderStatus.FILLED);
            });
            assertThat(paper.paperExchange().refused()).as("the four dated ahead, refused").isEqualTo(4);
            assertThat(paper.paperExchange().simulator().feed().datesAhead()).isEqualTo(4);
            assertThat(paper.paperExchange().simulator().tape(BTC)).as("none of them taken")
                    .allSatisfy(t -> assertThat(t.epochMillis()).isLessThan(Instant.now().plusSeconds(60).toEpochMilli()));
            assertThat(log.lines("WARN", LiveFeed.class)).as(log.toString()).singleElement().asString()
                    .contains("trade's date").contains("after this exchange's clock");
            assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void theFirstBookDatedTwelveHoursAheadIsRefusedToldAndHoldsNoOrderBack() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            CapturedLog log = CapturedLog.of(() -> {
                live.clockAhead(TWELVE_HOURS);
                // The first signed call of the market: the paper exchange reads A's book, dated 12 hours ahead.
                String order = placedByThisMachinesClock(paper, "59000.00");
                live.clockRight();
                live.trade("58500.00", "0.05", Side.SELL);
                Await.until(10, "the next trade through its price fills it",
                        () -> paper.order(order).status() == OrderStatus.FILLED);
            });
            assertThat(paper.paperExchange().refused()).as("the book dated ahead, at least").isPositive();
            assertThat(log.lines("WARN", LiveFeed.class)).as(log.toString()).singleElement().asString()
                    .contains("book's time").contains("after this exchange's clock");
            assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
        }
    }

    /**
     * The machine's clock is the component's {@code paperClock} (a benchmark stepping a stand-in market faster than
     * the wall gives its own): dates that agree with it are taken, however far they are from the wall's, and orders
     * are dated by it.
     */
    @Test
    void aPaperClockGivenToTheComponentIsTheMachineClockItsDatesAndOrdersGoBy() throws Exception {
        Clock ahead = Clock.offset(Clock.systemUTC(), TWELVE_HOURS);
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperClock(ahead), null)) {
            live.clockAhead(TWELVE_HOURS);
            long before = ahead.millis();
            String order = paper.place(OrderSide.BUY, "59000.00", "0.05");
            SimulatorPaperExchange exchange = paper.paperExchange();
            long dated = exchange.simulator().exchange().orders(exchange.simulator().exchange()
                    .key(exchange.accessKey()).user(), BTC, null, false, 1, 100).stream()
                    .filter(o -> Long.toString(o.id()).equals(order)).findFirst().orElseThrow().marketTime();
            assertThat(dated).as("dated by the clock given").isBetween(before, ahead.millis());

            live.tradeAhead(Duration.ofSeconds(1), "58500.00", "0.05", Side.SELL);
            Await.until(10, "the trade through its price fills it",
                    () -> paper.order(order).status() == OrderStatus.FILLED);
            assertThat(exchange.refused()).as("nothing dated ahead of the clock given").isZero();
        }
    }

    /** Honest trades, not through the orders' prices, each taken by the paper exchange. */
    private static void honestTrades(LiveStandIn live, PaperContext paper, int count) throws InterruptedException {
        Trade last = null;
        for (int i = 0; i < count; i++) {
            last = live.trade("60000.00", "0.01", Side.BUY);
        }
        long tid = last.tid();
        Await.until(10, "the honest trades are taken",
                () -> paper.paperExchange().simulator().tape(BTC).stream().anyMatch(t -> t.tid() == tid));
    }

    /** A resting buy of 0.05 at {@code price}, dated by this machine's clock as it was placed. */
    private static String placedByThisMachinesClock(PaperContext paper, String price) {
        long before = System.currentTimeMillis();
        String id = paper.place(OrderSide.BUY, price, "0.05");
        long after = System.currentTimeMillis();
        SimulatorPaperExchange exchange = paper.paperExchange();
        long marketTime = exchange.simulator().exchange().markets().stream()
                .flatMap(m -> exchange.simulator().exchange().orders(exchange.simulator().exchange()
                        .key(exchange.accessKey()).user(), m.name(), null, false, 1, 100).stream())
                .filter(o -> Long.toString(o.id()).equals(id)).findFirst().orElseThrow().marketTime();
        assertThat(marketTime).as("dated by this machine's clock").isBetween(before, after);
        assertThat(paper.order(id).status()).isEqualTo(OrderStatus.PENDING);
        return id;
    }
}
