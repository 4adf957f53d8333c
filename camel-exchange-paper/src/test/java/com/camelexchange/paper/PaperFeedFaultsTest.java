package com.camelexchange.paper;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.internal.ReplyRefusals;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live market data dropping (the WebSocket, REST replies of 500) never fills or cancels a paper order wrongly:
 * a fill always stands on a trade of the live tape through the order's price, made after the order was placed. A
 * market that cannot be followed is tried again after a while, not at every call, and no trade is fed twice.
 */
class PaperFeedFaultsTest {

    @Test
    void tradesCaughtUpAfterAStreamDropFillOnlyOrdersPlacedBeforeThem() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setReconnectDelay(20);
                 c.setMaxReconnectDelay(100);
             }, null)) {
            paper.place(OrderSide.BUY, "50000.00", "0.01");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);

            StreamFaults faults = live.simulator().streamFaults();
            faults.refuseUpgrade(1_000_000).dropAll();
            Await.until(10, "the stream is down", () -> live.simulator().streamConnections() == 0);
            Trade before = live.tradeEarlier("58000.00", "1", Side.SELL);
            String order = paper.place(OrderSide.BUY, "59000.00", "0.2");
            while (faults.takeUpgradeRefusal()) {
                // Lets the stream come back.
            }
            Await.until(10, "the trade made while the stream was down is caught up",
                    () -> paper.paperExchange().simulator().tape(BTC).stream().anyMatch(t -> t.tid() == before.tid()));
            Order untouched = paper.order(order);
            assertThat(untouched.tradeAmount()).as("the trade through its price was made before it was placed")
                    .isEqualByComparingTo("0");
            assertThat(untouched.status()).isEqualTo(OrderStatus.PENDING);

            aTradeThroughAfterItFillsIt(live, paper, order);
        }
    }

    /**
     * A live trade dated nearly a day ahead, in the middle of the tape: the component reads it (it is within a day of
     * this machine's clock), the paper exchange refuses it (it is beyond {@code paperClockSkew}), counts it and says so
     * once without a stack trace; one dated further ahead is refused by the component as it reads it. The trades after
     * them go on, and an order placed later, dated by this machine's clock, fills on a trade through its price.
     */
    @Test
    void aLiveTradeDatedADayAheadKeepsNoLaterOrderFromFilling() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            paper.place(OrderSide.BUY, "50000.00", "0.01");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            CapturedLog log = CapturedLog.of(() -> {
                live.trade("60000.00", "0.01", Side.BUY);
                live.trade("60000.00", "0.01", Side.BUY);
                Trade dayAhead = live.tradeAhead(Duration.ofHours(22), "60000.00", "0.01", Side.BUY);
                Trade beyond = live.tradeAhead(Duration.ofDays(2), "60000.00", "0.01", Side.BUY);
                Trade after = live.trade("60000.00", "0.01", Side.BUY);
                Await.until(10, "the trades after the refused ones are taken", () -> paper.paperExchange()
                        .simulator().tape(BTC).stream().anyMatch(t -> t.tid() == after.tid()));
                assertThat(paper.paperExchange().simulator().tape(BTC)).extracting(Trade::tid)
                        .as("neither taken").doesNotContain(dayAhead.tid(), beyond.tid());
                assertThat(paper.paperExchange().refused()).as("the paper exchange refused the one the component"
                        + " read").isEqualTo(1);

                String order = paper.place(OrderSide.BUY, "59000.00", "0.2");
                aTradeThroughAfterItFillsIt(live, paper, order);
                assertThat(paper.paperExchange().simulator().feed().clockDisagreements()).as("no market clock to"
                        + " disagree with").isZero();
                SimulatorPaperExchange exchange = paper.paperExchange();
                assertThat(ReportText.of(PaperReport.of(exchange.simulator(), exchange.accessKey(), Map.of(),
                        exchange.refused()))).as("the run's report says so")
                        .contains("1 refused (out of bounds; 1 of them dated ahead of this machine's clock");
            });
            assertThat(log.lines("WARN", ReplyRefusals.class)).as(log.toString()).hasSize(1)
                    .allSatisfy(l -> assertThat(l).contains("more than a day ahead"));
            assertThat(log.lines("WARN", LiveFeed.class)).as(log.toString()).singleElement().asString()
                    .contains("after this exchange's clock");
            assertThat(log.lines("WARN", CapturedLog.MARKET_CLOCK)).as(log.toString()).isEmpty();
            assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
        }
    }

    @Test
    void withoutALiveBookACrossingOrderRestsAndOnlyATradeThroughFillsIt() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            live.simulator().faults().inject("depth", Fault.http500(), 10);
            live.simulator().streamFaults().silenceChannel("btcusdt_depth");
            String order = paper.place(OrderSide.BUY, "60050.00", "0.5");
            Order resting = paper.order(order);
            assertThat(resting.tradeAmount()).as("A's asks are there, but the paper exchange could not see them")
                    .isEqualByComparingTo("0");
            assertThat(resting.status()).isEqualTo(OrderStatus.PENDING);

            live.simulator().streamFaults().serveChannel("btcusdt_depth");
            live.quote(Side.SELL, "60020.00", "0.1000");
            Await.until(10, "the live book reaches the paper exchange", () -> !paper.paperExchange().simulator()
                    .exchange().depth(BTC, 50, null).asks().isEmpty());
            assertThat(paper.order(order).tradeAmount()).as("a book that crosses a resting order does not fill it")
                    .isEqualByComparingTo("0");

            live.trade("60000.00", "0.1", Side.BUY);
            Await.until(10, "the trade through fills it", () -> paper.order(order).tradeAmount().signum() > 0);
            Order filled = paper.order(order);
            assertThat(filled.tradeAmount()).isEqualByComparingTo("0.1");
            assertThat(filled.tradeMoney()).as("at its own price").isEqualByComparingTo("6005");
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void aMarketThatCannotBeFollowedIsTriedAgainOnlyAfterAWhileAndNoTradeIsFedTwice() throws Exception {
        AtomicBoolean refused = new AtomicBoolean(true);
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            long first = live.trade("59500.00", "0.1", Side.SELL).tid();
            long second = live.trade("59400.00", "0.1", Side.SELL).tid();
            paper.account();
            MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
            List<Long> fed = new CopyOnWriteArrayList<>();
            MarketDataListener listener = new MarketDataListener() {
                @Override
                public void trades(List<com.camelexchange.client.model.Trade> trades) {
                    trades.forEach(t -> fed.add(t.tid()));
                }
            };
            LiveMarket real = paper.paperExchange().live();
            // The live market refuses to be followed while it is told to: following fails.
            LiveMarket refusing = new LiveMarket() {
                @Override
                public Map<String, Market> markets() {
                    return real.markets();
                }

                @Override
                public Depth depth(String market) {
                    return real.depth(market);
                }

                @Override
                public List<com.camelexchange.client.model.Trade> trades(String market) {
                    return real.trades(market);
                }

                @Override
                public AutoCloseable follow(String market, Long afterTid, MarketDataListener told) {
                    if (refused.get()) {
                        throw new IllegalStateException("following refused");
                    }
                    return real.follow(market, afterTid, told);
                }
            };
            try (MarketFollowing following = new MarketFollowing(BTC, null, refusing, listener, clock, false)) {
                following.ensure();
                assertThat(following.following()).isFalse();
                assertThat(fed).containsExactly(first, second);
                long depthReads = live.simulator().requestCount("depth");
                long tradeReads = live.simulator().requestCount("trades");

                following.ensure();
                clock.advance(MarketFollowing.RETRY_AFTER.minusMillis(1));
                following.ensure();
                assertThat(live.simulator().requestCount("depth")).as("no read before the wait is over")
                        .isEqualTo(depthReads);
                assertThat(live.simulator().requestCount("trades")).isEqualTo(tradeReads);

                clock.advance(Duration.ofMillis(1));
                following.ensure();
                assertThat(following.following()).isFalse();
                assertThat(live.simulator().requestCount("depth")).as("tried again").isEqualTo(depthReads + 1);
                assertThat(live.simulator().requestCount("trades")).as("the trades fed are not read again")
                        .isEqualTo(tradeReads);

                refused.set(false);
                following.ensure();
                assertThat(following.following()).as("still waiting").isFalse();
                clock.advance(MarketFollowing.RETRY_AFTER);
                following.ensure();
                assertThat(following.following()).isTrue();
                long later = live.trade("59300.00", "0.1", Side.SELL).tid();
                Await.until(10, "the trade after the ones fed arrives", () -> fed.contains(later));
                assertThat(fed).as("each trade fed once, in order").containsExactly(first, second, later);
            }
        }
    }

    /** A's next trade through the order's price, made after it was placed, fills it; nothing signed reached A. */
    private static void aTradeThroughAfterItFillsIt(LiveStandIn live, PaperContext paper, String order)
            throws InterruptedException {
        live.trade("58500.00", "0.05", Side.SELL);
        Await.until(10, "a trade through after the order fills it",
                () -> paper.order(order).tradeAmount().signum() > 0);
        assertThat(paper.order(order).tradeAmount()).isEqualByComparingTo("0.05");
        assertThat(live.signedRequests()).isZero();
    }
}
