package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static com.camelexchange.simulator.ExternalMarketTest.T0;
import static com.camelexchange.simulator.ExternalMarketTest.levels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queue model on constructed tapes: a paper order waits behind what the fed book showed at its price, trades at
 * the price take that queue first, a book showing less shrinks it in proportion, a trade through fills as always.
 * Orders are placed over HTTP; the market is fed by hand at exact dates, on a clock that only the test moves.
 */
class QueueFillModelTest {
    private static final String BTC = "btc_usdt";
    private static final String BID = "59990.00";

    private final MutableClock clock = new MutableClock(T0);
    private long nextTid = 7_000_001;

    private ExchangeSimulator start(FillModel.Kind kind) {
        return ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1).externalMarket(Markets.defaults())
                .fillModel(kind).noFees().key("paper", "paper-secret").build().start();
    }

    /** A book with {@code atBid} at 59990.00, 2 at 59980.00 and asks from 60000.00, dated T0 plus {@code millis}. */
    private static void book(ExchangeSimulator sim, String atBid, long millis) {
        sim.feed().book(BTC, levels(BID, atBid, "59980.00", "2.0000"), levels("60000.00", "0.3000", "60010.00",
                "0.4000"), T0.plusMillis(millis));
    }

    /** A trade whose taker sold (it took bids), dated T0 plus {@code millis}. */
    private void sold(ExchangeSimulator sim, String price, String amount, long millis) {
        trade(sim, price, amount, Side.SELL, millis);
    }

    private void trade(ExchangeSimulator sim, String price, String amount, Side taker, long millis) {
        assertThat(sim.feed().trade(BTC, nextTid++, T0.plusMillis(millis), new BigDecimal(price),
                new BigDecimal(amount), taker)).isTrue();
    }

    private static BigDecimal filled(Trader trader, String id) {
        return trader.get(BTC, id).get("trade_amount").decimalValue();
    }

    @Test
    void tradesAtThePriceTakeTheQueueAheadFirstThenFillTheOrderPartly() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String id = paper.place(BTC, "buy", BID, "0.5");

            sold(sim, BID, "0.6", 10);
            assertThat(filled(paper, id)).as("0.6 of the 1.0 ahead").isEqualByComparingTo("0");
            trade(sim, BID, "5", Side.BUY, 20);
            assertThat(filled(paper, id)).as("a buyer took offers at that price, not the bids")
                    .isEqualByComparingTo("0");
            sold(sim, BID, "0.3", 30);
            assertThat(filled(paper, id)).as("0.1 still ahead").isEqualByComparingTo("0");
            sold(sim, BID, "0.3", 40);
            assertThat(filled(paper, id)).as("0.1 takes the rest of the queue, 0.2 reaches the order")
                    .isEqualByComparingTo("0.2");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("partly filled, still open").isEqualTo(3);
            sold(sim, BID, "1", 50);
            assertThat(filled(paper, id)).isEqualByComparingTo("0.5");
            assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(2);

            List<Fill> fills = sim.fills("paper");
            assertThat(fills).extracting(Fill::amount).usingElementComparator(BigDecimal::compareTo)
                    .containsExactly(new BigDecimal("0.2"), new BigDecimal("0.3"));
            assertThat(fills).allSatisfy(f -> {
                assertThat(f.maker()).isTrue();
                assertThat(f.price()).isEqualByComparingTo(BID);
            });
        }
    }

    @Test
    void theOtherModelsAtTheSamePriceFillNothingOrTheTouchShare() {
        for (FillModel.Kind kind : List.of(FillModel.Kind.TRADE_THROUGH, FillModel.Kind.TOUCH)) {
            try (ExchangeSimulator sim = start(kind)) {
                Trader paper = new Trader(sim, "paper");
                book(sim, "1.0000", 0);
                String id = paper.place(BTC, "buy", BID, "0.5");
                sold(sim, BID, "0.3", 10);
                assertThat(filled(paper, id)).as(kind.optionName())
                        .isEqualByComparingTo(kind == FillModel.Kind.TOUCH ? "0.3" : "0");
            }
        }
    }

    @Test
    void aTradeThroughThePriceFillsWhateverQueueIsAhead() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String id = paper.place(BTC, "buy", BID, "0.5");
            sold(sim, "59985.00", "0.2", 10);
            assertThat(filled(paper, id)).as("the whole trade, at the order's price").isEqualByComparingTo("0.2");
            assertThat(sim.fills("paper").get(0).price()).isEqualByComparingTo(BID);
        }
    }

    @Test
    void aBookShowingLessShrinksTheQueueAheadInProportion() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String id = paper.place(BTC, "buy", BID, "0.5");
            book(sim, "2.0000", 10);
            book(sim, "1.0000", 20);
            // 1.0 ahead of 2.0 held, half of it left: 0.5 ahead. Cancels from the back only would leave 1.0 ahead
            // (nothing filled below), from the front only none (0.5 filled).
            sold(sim, BID, "0.6", 30);
            assertThat(filled(paper, id)).isEqualByComparingTo("0.1");
            // The trade took the 0.5 ahead and 0.6 of the 1.0 held: 0.4 held, nothing ahead, whatever leaves now.
            book(sim, "0.1000", 40);
            sold(sim, BID, "0.3", 50);
            assertThat(filled(paper, id)).isEqualByComparingTo("0.4");
        }
    }

    @Test
    void aPriceBeyondTheBookIsUnknownUntilABookShowsItThenEverythingThereIsAhead() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String far = paper.place(BTC, "buy", "59000.00", "0.5");
            String between = paper.place(BTC, "buy", "59985.00", "0.1");
            sold(sim, "59985.00", "0.05", 10);
            assertThat(filled(paper, between)).as("between two levels nobody is ahead").isEqualByComparingTo("0.05");
            sold(sim, "59000.00", "0.4", 20);
            assertThat(filled(paper, far)).as("below the last level shown: only a trade through fills")
                    .isEqualByComparingTo("0");
            sim.feed().book(BTC, levels("59500.00", "1", "59000.00", "0.3"), levels("60000.00", "1"),
                    T0.plusMillis(30));
            sold(sim, "59000.00", "0.4", 40);
            assertThat(filled(paper, far)).as("behind the 0.3 the book showed there once it did")
                    .isEqualByComparingTo("0.1");
        }
    }

    @Test
    void anEarlierPaperOrderAtAPriceFillsBeforeALaterOneWhateverTheirQueues() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String first = paper.place(BTC, "buy", BID, "0.5");
            book(sim, "0.1000", 10);
            String second = paper.place(BTC, "buy", BID, "0.5");
            // Both have 0.1 ahead: 0.2 of the trade reaches the first, which is not done, so none the second.
            sold(sim, BID, "0.3", 20);
            assertThat(filled(paper, first)).isEqualByComparingTo("0.2");
            assertThat(filled(paper, second)).isEqualByComparingTo("0");
            sold(sim, BID, "1", 30);
            assertThat(filled(paper, first)).isEqualByComparingTo("0.5");
            assertThat(filled(paper, second)).as("what the trade left after the first").isEqualByComparingTo("0.5");
        }
    }

    @Test
    void aTradeDatedBeforeTheOrderReachedTheBookNeitherFillsItNorMovesItsQueue() {
        try (ExchangeSimulator sim = start(FillModel.Kind.QUEUE)) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "1.0000", 0);
            String id = paper.place(BTC, "buy", BID, "0.5");
            sold(sim, BID, "5", -1_000);
            sold(sim, BID, "1.2", 10);
            assertThat(filled(paper, id)).as("the late trade took nothing of the 1.0 ahead")
                    .isEqualByComparingTo("0.2");
        }
    }

    /** The same feed and calls, twice: the same fills, to the last field. */
    @Test
    void theSameFeedGivesTheSameFills() {
        assertThat(run()).isEqualTo(run()).isNotEmpty();
    }

    private List<Fill> run() {
        clock.set(T0);
        nextTid = 7_000_001;
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1)
                .externalMarket(Markets.defaults()).fillModel(FillModel.Kind.QUEUE).latency(Duration.ofMillis(50))
                .key("paper", "paper-secret").build().start()) {
            Trader paper = new Trader(sim, "paper");
            for (int i = 0; i < 40; i++) {
                long at = i * 100L;
                String bid = i % 3 == 0 ? "0.7000" : i % 3 == 1 ? "1.3000" : "0.4000";
                book(sim, bid, at);
                if (i % 4 == 0) {
                    // Two at one price, on their way together: they reach the book in the order they were sent.
                    paper.place(BTC, "buy", BID, "0.3");
                    paper.place(BTC, "buy", BID, "0.2");
                    paper.place(BTC, "sell", "60000.00", "0.1");
                }
                if (i % 7 == 3) {
                    paper.place(BTC, "buy", "60000.00", "0.2");
                }
                sold(sim, i % 5 == 0 ? "59980.00" : BID, "0.35", at + 60);
                trade(sim, "60000.00", "0.25", Side.BUY, at + 70);
                clock.advance(Duration.ofMillis(100));
            }
            return sim.fills("paper");
        }
    }
}
