package com.camelexchange.simulator;

import com.camelexchange.simulator.activity.ActivityFlow;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** The synthetic traders: the market moves on its own, and the same seed gives the same market. */
class ActivityTest {

    private static ExchangeSimulator stepped(long seed, int steps) {
        ExchangeSimulator sim = ExchangeSimulator.builder().seed(seed).clock(new MutableClock(T0)).activity(false)
                .build();
        sim.activity().step(steps);
        return sim;
    }

    private static List<String> tape(ExchangeSimulator sim, String market) {
        return sim.exchange().trades(market, 0L).stream()
                .map(t -> t.tid() + "@" + t.epochMillis() + ":" + t.price() + "x" + t.amount() + "/" + t.takerSide())
                .toList();
    }

    @Test
    void theSameSeedGivesTheSameMarket() {
        ExchangeSimulator a = stepped(42, 200);
        ExchangeSimulator b = stepped(42, 200);
        ExchangeSimulator c = stepped(43, 200);
        for (String market : List.of("btc_usdt", "xrp_usdt", "ltc_btc")) {
            assertThat(tape(a, market)).isEqualTo(tape(b, market)).isNotEqualTo(tape(c, market));
            assertThat(a.exchange().depth(market, 50, null)).isEqualTo(b.exchange().depth(market, 50, null));
        }
        Trade last = a.exchange().lastTrade("btc_usdt");
        List<Trade> recent = a.exchange().trades("btc_usdt", last.tid() - 60);
        assertThat(recent.stream().filter(t -> t.epochMillis() == T0.toEpochMilli()).count())
                .as("steps made new trades, not only history").isGreaterThan(0);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 42, 99})
    void everyStepLeavesBothSidesQuotedAndTheBookBounded(long seed) {
        ExchangeSimulator sim = stepped(seed, 0);
        for (int step = 0; step < 400; step++) {
            sim.activity().step();
            for (var spec : sim.exchange().markets()) {
                var bid = sim.exchange().best(spec.name(), Side.BUY);
                var ask = sim.exchange().best(spec.name(), Side.SELL);
                assertThat(bid).as("%s bid after step %d", spec.name(), step).isNotNull();
                assertThat(ask).as("%s ask after step %d", spec.name(), step).isNotNull();
                assertThat(bid).isLessThan(ask);
                assertThat(sim.exchange().levelCount(spec.name(), Side.BUY)).isLessThanOrEqualTo(40);
            }
        }
    }

    /**
     * The QUEUES flow makes queues: the best levels hold several quotes in time priority, most trades happen at the
     * best price (eating the queue there) rather than through it, and quotes are cancelled near the market, not only
     * when stranded far from it. The same seed gives the same market.
     */
    @Test
    void theQueuesFlowQueuesQuotesAtFewLevelsTakesAtTheTouchAndCancels() {
        ExchangeSimulator a = queued(42);
        ExchangeSimulator b = queued(42);
        String btc = "btc_usdt";
        long firstTid = a.exchange().lastTrade(btc).tid();
        int atTouch = 0;
        int through = 0;
        int queuedTops = 0;
        int steps = 300;
        for (int step = 0; step < steps; step++) {
            var bestBid = a.exchange().best(btc, Side.BUY);
            var bestAsk = a.exchange().best(btc, Side.SELL);
            long before = a.exchange().lastTrade(btc).tid();
            a.activity().step();
            b.activity().step();
            for (Trade t : a.exchange().trades(btc, before)) {
                if (t.price().compareTo(bestBid) == 0 || t.price().compareTo(bestAsk) == 0) {
                    atTouch++;
                } else {
                    through++;
                }
            }
            var depth = a.exchange().depth(btc, 1, null);
            // A level of more than the largest single quote (200 units of 0.0001) holds a queue of several.
            if (depth.bids().get(0).amount().compareTo(new BigDecimal("0.02")) > 0) {
                queuedTops++;
            }
        }
        assertThat(tape(a, btc)).isEqualTo(tape(b, btc));
        assertThat(a.exchange().depth(btc, 50, null)).isEqualTo(b.exchange().depth(btc, 50, null));
        assertThat(a.exchange().lastTrade(btc).tid() - firstTid).as("trades").isGreaterThan(steps / 3);
        assertThat(atTouch).as("trades at the best price vs through it").isGreaterThan(3 * through);
        assertThat(queuedTops).as("steps whose best bid held more than one quote's size").isGreaterThan(steps / 2);
        assertThat(a.exchange().levelCount(btc, Side.BUY)).isLessThanOrEqualTo(20);
    }

    private static ExchangeSimulator queued(long seed) {
        return ExchangeSimulator.builder().seed(seed).clock(new MutableClock(T0)).activity(false)
                .activityFlow(ActivityFlow.QUEUES).build();
    }

    @Test
    void aRunningSimulatorMovesOnItsOwn() throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(5).activityInterval(Duration.ofMillis(20))
                .build().start()) {
            ReferenceClient client = ReferenceClient.of(sim, "-", "-");
            JsonNode kline = client.data("kline", "market", "btc_usdt", "type", "1hour");
            assertThat(kline.get("data").size()).as("six hours of history").isGreaterThanOrEqualTo(6);
            long firstTid = client.data("trades", "market", "btc_usdt").get(49).get("tid").asLong();
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            long lastTid = firstTid;
            // Wait for a condition, not for a time: the loop ends as soon as new trades appear.
            while (lastTid == firstTid && System.nanoTime() < deadline) {
                Thread.sleep(20);
                lastTid = client.data("trades", "market", "btc_usdt").get(49).get("tid").asLong();
            }
            assertThat(lastTid).isGreaterThan(firstTid);
        }
    }
}
