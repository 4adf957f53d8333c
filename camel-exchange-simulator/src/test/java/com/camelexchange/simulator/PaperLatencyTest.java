package com.camelexchange.simulator;

import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static com.camelexchange.simulator.ExternalMarketTest.T0;
import static com.camelexchange.simulator.ExternalMarketTest.levels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Latency: a paper order reaches the book, and a cancel takes effect, 100 ms of the market's time after it was sent.
 * The market is fed by hand at exact dates; the simulator's clock moves only when the test moves it, so the market's
 * clock is what the fed dates say.
 */
class PaperLatencyTest {
    private static final String BTC = "btc_usdt";
    /** Variant A's status of an open order, filled in part or not at all. */
    private static final int OPEN = 3;

    private final MutableClock clock = new MutableClock(T0);
    private long nextTid = 8_000_001;

    private ExchangeSimulator start() {
        return ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1).externalMarket(Markets.defaults())
                .latency(Duration.ofMillis(100)).noFees().key("paper", "paper-secret").build().start();
    }

    /** Asks at {@code ask} (0.3) and 60100.00 (1), bids 59990.00 (1), dated T0 plus {@code millis}. */
    private static void book(ExchangeSimulator sim, String ask, long millis) {
        sim.feed().book(BTC, levels("59990.00", "1"), levels(ask, "0.3", "60100.00", "1"), T0.plusMillis(millis));
    }

    private void sold(ExchangeSimulator sim, String price, String amount, long millis) {
        assertThat(sim.feed().trade(BTC, nextTid++, T0.plusMillis(millis), new BigDecimal(price),
                new BigDecimal(amount), Side.SELL)).isTrue();
    }

    private static BigDecimal filled(Trader trader, String id) {
        return trader.get(BTC, id).get("trade_amount").decimalValue();
    }

    private static BigDecimal frozenUsdt(Trader trader) {
        return new BigDecimal(trader.coin("usdt").get("freez").asText());
    }

    @Test
    void aTakerMeetsTheBookAsItWasWhenItArrivedNotWhenItWasSent() {
        try (ExchangeSimulator sim = start()) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "60000.00", 0);
            String late = paper.place(BTC, "buy", "60000.00", "0.2");
            assertThat(paper.get(BTC, late).get("status").asInt()).as("on its way: open").isEqualTo(OPEN);
            assertThat(filled(paper, late)).isEqualByComparingTo("0");

            // The offer at 60000.00 is gone 50 ms later, before the order arrives at 100 ms.
            book(sim, "60050.00", 50);
            book(sim, "60000.00", 150);
            assertThat(filled(paper, late)).as("it met the book of 50 ms: nothing at its price")
                    .isEqualByComparingTo("0");
            assertThat(paper.get(BTC, late).get("status").asInt()).as("resting").isEqualTo(OPEN);

            // Sent at 150 ms, it arrives at 250 ms: the book of 150 ms still shows 60000.00, whatever came at 300.
            String onTime = paper.place(BTC, "buy", "60000.00", "0.2");
            book(sim, "60080.00", 300);
            assertThat(filled(paper, onTime)).isEqualByComparingTo("0.2");
            assertThat(sim.fills("paper").get(0).price()).isEqualByComparingTo("60000.00");
        }
    }

    @Test
    void withoutDataTheOrderArrivesOnceTheMarketsClockIsPastItsArrival() {
        try (ExchangeSimulator sim = start()) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "60000.00", 0);
            String id = paper.place(BTC, "buy", "60000.00", "0.2");
            clock.advance(Duration.ofMillis(100));
            assertThat(filled(paper, id)).as("at 100 ms it is just arriving").isEqualByComparingTo("0");
            clock.advance(Duration.ofMillis(1));
            assertThat(filled(paper, id)).isEqualByComparingTo("0.2");
        }
    }

    @Test
    void aCancelTakesEffectAfterTheLatencyAndTheOrderMayFillUntilThen() {
        try (ExchangeSimulator sim = start()) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "60000.00", 0);
            String id = paper.place(BTC, "buy", "59000.00", "0.5");
            book(sim, "60000.00", 150);
            assertThat(frozenUsdt(paper)).isEqualByComparingTo("29500");

            // Sent at 150 ms, the cancel takes effect at 250 ms.
            assertThat(paper.cancel(BTC, id).get("code").asText()).isEqualTo("1000");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("still open").isEqualTo(OPEN);
            sold(sim, "58900.00", "0.2", 200);
            assertThat(filled(paper, id)).as("a trade before the cancel took effect").isEqualByComparingTo("0.2");

            sold(sim, "58900.00", "0.2", 260);
            assertThat(filled(paper, id)).as("cancelled at 250 ms").isEqualByComparingTo("0.2");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("cancelled after a partial fill").isEqualTo(2);
            assertThat(frozenUsdt(paper)).isEqualByComparingTo("0");
        }
    }

    @Test
    void anOrderCancelledOnItsWayNeverFills() {
        try (ExchangeSimulator sim = start()) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "60000.00", 0);
            String id = paper.place(BTC, "buy", "59000.00", "0.5");
            paper.cancel(BTC, id);
            assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(OPEN);
            assertThat(frozenUsdt(paper)).as("frozen until the cancel takes effect")
                    .isEqualByComparingTo("29500");

            sold(sim, "58900.00", "1", 150);
            assertThat(filled(paper, id)).isEqualByComparingTo("0");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("cancelled").isEqualTo(1);
            assertThat(frozenUsdt(paper)).isEqualByComparingTo("0");
            assertThat(paper.cancel(BTC, id).get("code").asText()).as("no longer open").isNotEqualTo("1000");
        }
    }

    /** A cancel once accepted is never lost: an export made while it is on its way carries it to the next run. */
    @Test
    void aCancelOnItsWayWhenTheAccountIsExportedTakesEffectWhenItIsImported() {
        String exported;
        String id;
        try (ExchangeSimulator before = start()) {
            Trader paper = new Trader(before, "paper");
            book(before, "60000.00", 0);
            id = paper.place(BTC, "buy", "59000.00", "0.5");
            book(before, "60000.00", 150);
            paper.cancel(BTC, id);
            assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(OPEN);
            exported = before.exportAccounts();
        }
        try (ExchangeSimulator after = ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1)
                .externalMarket(Markets.defaults()).latency(Duration.ofMillis(100)).noFees()
                .key("paper", "paper-secret").importAccounts(exported).build().start()) {
            Trader paper = new Trader(after, "paper");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("cancelled").isEqualTo(1);
            assertThat(frozenUsdt(paper)).isEqualByComparingTo("0");
            sold(after, "58900.00", "1", 300);
            assertThat(filled(paper, id)).isEqualByComparingTo("0");
        }
    }

    @Test
    void aPostOnlyOrderThatWouldTakeWhenItArrivesIsCancelled() {
        try (ExchangeSimulator sim = start()) {
            Trader paper = new Trader(sim, "paper");
            book(sim, "60100.00", 0);
            String id = paper.place(BTC, "buy", "60050.00", "0.2", "orderType", "1");
            book(sim, "60050.00", 50);
            book(sim, "60050.00", 150);
            assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(1);
            assertThat(filled(paper, id)).isEqualByComparingTo("0");
        }
    }
}
