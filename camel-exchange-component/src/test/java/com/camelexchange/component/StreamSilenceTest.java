package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A channel that stays silent while its connection answers pings: a trades channel proven silent is read over REST
 * at the pace of a polled consumer until it pushes again, and its health says it is degraded and why; a book or a
 * ticker that does not change is a quiet channel, not a silent one.
 */
class StreamSilenceTest extends ConsumerHealthTestSupport {
    private static final String TRADES = "btcusdt_trades";
    private static final String KLINE = "btcusdt_kline_1min";
    /** The polling delay of the routes here, in milliseconds: the pace a silent channel is read at. */
    private static final int DELAY = 50;

    private void addTrade() {
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                new BigDecimal("0.01"), Side.BUY);
    }

    private long lastTid() {
        var last = simulator.exchange().lastTrade(MARKET);
        return last == null ? 0 : last.tid();
    }

    private ChannelStatus status(String channel) {
        return ClientInternals.streams(context.getComponent("exchange", ExchangeComponent.class).clientResources()).all().stream()
                .map(StreamSession::channelStatuses).flatMap(List::stream)
                .filter(c -> c.channel().equals(channel)).findFirst().orElseThrow();
    }

    private static List<Long> range(long afterTid, long lastTid) {
        List<Long> out = new ArrayList<>();
        for (long t = afterTid + 1; t <= lastTid; t++) {
            out.add(t);
        }
        return out;
    }

    /** Makes one trade and waits until the route has it; returns the REST reads of trades meanwhile. */
    private long tradeDelivered(List<Trade> received) throws InterruptedException {
        long readsBefore = simulator.requestCount("trades");
        addTrade();
        long tid = lastTid();
        Await.until(20, "trade " + tid + " delivered",
                () -> !received.isEmpty() && received.get(received.size() - 1).tid() == tid);
        return simulator.requestCount("trades") - readsBefore;
    }

    @Test
    void aSilentTradesChannelIsReadOverRestAtThePolledPaceUntilItPushesAgain() throws Exception {
        String log = capturingTheLog(this::silentTradesChannelServedOverRest);
        assertThat(log.lines().filter(l -> l.contains("WARN") && l.contains("silent")))
                .as("the silence is reported once").hasSize(1)
                .allSatisfy(l -> assertThat(l).contains(TRADES, "read it over REST"));
    }

    private void silentTradesChannelServedOverRest() throws Exception {
        addTrade();
        long start = lastTid();
        List<Trade> received = new CopyOnWriteArrayList<>();
        start(component -> {
            component.setKeepAliveInterval(50);
            component.setSilenceTimeout(1_000);
            // A long ceiling: the checks of the silence, and the subscriptions made again, back off far apart.
            component.setChannelSilenceTimeout(60_000);
        }, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + MARKET + "&streaming=true&since=" + start + "&delay=" + DELAY
                     + "&exceptionHandler=#failures").routeId("stream")
                        .process(e -> received.add(e.getMessage().getBody(Trade.class)));
            }
        });
        // Its catch-up at the subscription is over (not merely asked): the trades after it are the channel's.
        awaitHealth("stream", "subscribed and caught up", ConsumerHealthTestSupport::isUp);
        for (int i = 0; i < 3; i++) {
            tradeDelivered(received);
        }
        assertThat(status(TRADES).lastFrameAt()).as("pushed").isNotNull();
        awaitHealth("stream", "up while pushed", r -> isUp(r) && Boolean.FALSE.equals(r.getDetails().get("degraded")));

        // The peer keeps answering pings but serves the channel no more, while trades go on.
        simulator.streamFaults().silenceChannel(TRADES);
        for (int i = 0; !status(TRADES).silent(); i++) {
            assertThat(i).as("the silence is found by a check over REST").isLessThan(50);
            tradeDelivered(received);
        }
        HealthCheck.Result degraded = health("stream");
        assertThat(degraded.getState()).as("its trades still come").isEqualTo(HealthCheck.State.UP);
        assertThat(degraded.getDetails()).containsEntry("state", "UP").containsEntry("degraded", true)
                .containsEntry("silent", true).containsEntry("connected", true);
        assertThat((String) degraded.getDetails().get("degradedReason")).contains(TRADES, "silent", "over REST",
                "every " + DELAY + " ms");
        assertThat(degraded.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("over REST"));

        // Served over REST, read after read, while the checks of the silence (each subscribing the channel again)
        // back off. How fast the reads go, against a polled consumer of the same delay, is a figure of the
        // benchmarks' silence section, not a verdict here: on a busy machine it measures the machine.
        long resubscribesBefore = status(TRADES).resubscribes();
        List<Long> readsPerTrade = new ArrayList<>();
        int rounds = 16;
        for (int i = 0; i < rounds; i++) {
            readsPerTrade.add(tradeDelivered(received));
        }
        long resubscribes = status(TRADES).resubscribes() - resubscribesBefore;
        // Each trade came over a read of its own (the channel pushes none of them): one read per trade, but the
        // first, whose read may have been under way when it was made.
        assertThat(readsPerTrade.stream().mapToLong(Long::longValue).sum()).as("REST reads of trades %s", readsPerTrade)
                .isGreaterThanOrEqualTo(rounds - 1);
        assertThat(resubscribes).as("subscribing again backs off; the reads do not wait for it")
                .isLessThan(rounds / 2);
        assertThat(health("stream").getDetails()).containsEntry("degraded", true);

        // Served again: pushes take over, with no gap or repeat at the seam, and the health is back to normal.
        simulator.streamFaults().serveChannel(TRADES);
        for (int i = 0; status(TRADES).silent(); i++) {
            assertThat(i).as("a push ends the silence").isLessThan(50);
            tradeDelivered(received);
        }
        awaitHealth("stream", "no longer degraded", r -> isUp(r) && Boolean.FALSE.equals(r.getDetails().get("degraded"))
                && !r.getDetails().containsKey("degradedReason"));
        assertThat(health("stream").getMessage()).isEmpty();
        long afterSeam = simulator.requestCount("trades");
        for (int i = 0; i < 5; i++) {
            tradeDelivered(received);
        }
        assertThat(simulator.requestCount("trades")).as("pushed, not read over REST").isEqualTo(afterSeam);
        assertThat(received.stream().map(Trade::tid).toList()).as("every trade once, in order")
                .containsExactlyElementsOf(range(start, lastTid()));
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aSilentKlineChannelIsReadOverRestUntilItPushesAgain() throws Exception {
        // A clock of the test's own: candles close when it says so, not when a minute passes.
        MutableClock clock = new MutableClock(Instant.parse("2026-11-20T10:00:05Z"));
        simulator.stop();
        simulator = ExchangeSimulator.builder().seed(5).quiet().clock(clock).limits(SimulatorLimits.none())
                .build().start();
        simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal("65000"),
                new BigDecimal("0.1"), Side.BUY);
        simulator.streamFaults().silenceChannel(KLINE);
        List<Candle> received = new CopyOnWriteArrayList<>();
        String log = capturingTheLog(() -> {
            start(component -> {
                component.setKeepAliveInterval(50);
                component.setSilenceTimeout(1_000);
                component.setChannelSilenceTimeout(60_000);
                component.setCandleClock(clock);
            }, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:kline?market=" + MARKET + "&type=1min&streaming=true&delay=" + DELAY + "&since="
                         + Instant.parse("2026-11-20T10:00:00Z").toEpochMilli() + "&exceptionHandler=#failures")
                            .routeId("stream").process(e -> received.add(e.getMessage().getBody(Candle.class)));
                }
            });
            Await.until(20, "subscribed", () -> simulator.streamSubscriptions(KLINE) == 1);
            // Each minute a trade opens the next candle, which closes the one before; the channel pushes none of it.
            for (int minute = 1; minute <= 4; minute++) {
                clock.set(Instant.parse("2026-11-20T10:00:00.500Z").plus(Duration.ofMinutes(minute)));
                simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal(65000 + minute),
                        new BigDecimal("0.1"), Side.SELL);
                int closed = minute;
                Await.until(20, "candle " + minute + " read over REST", () -> received.size() == closed);
            }
            awaitHealth("stream", "degraded", r -> isUp(r) && Boolean.TRUE.equals(r.getDetails().get("degraded")));
            assertThat(status(KLINE).silent()).isTrue();

            simulator.streamFaults().serveChannel(KLINE);
            clock.set(Instant.parse("2026-11-20T10:05:00.500Z"));
            simulator.exchange().recordHistoricalTrade(MARKET, clock.millis(), new BigDecimal("65005"),
                    new BigDecimal("0.1"), Side.SELL);
            Await.until(20, "candle 5, pushed", () -> received.size() == 5 && !status(KLINE).silent());
            awaitHealth("stream", "no longer degraded", r -> isUp(r)
                    && Boolean.FALSE.equals(r.getDetails().get("degraded")));
        });
        assertThat(received.stream().map(Candle::openTime).toList()).as("each closed candle once, in order")
                .containsExactly(Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2026-11-20T10:01:00Z"),
                        Instant.parse("2026-11-20T10:02:00Z"), Instant.parse("2026-11-20T10:03:00Z"),
                        Instant.parse("2026-11-20T10:04:00Z"));
        assertThat(log.lines().filter(l -> l.contains("WARN") && l.contains("silent"))).hasSize(1);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aBookOrTickerThatDoesNotChangeIsQuietNotSilent() throws Exception {
        List<String> channels = List.of("btcusdt_depth", "btcusdt_quick_depth", "btcusdt_ticker");
        List<Object> received = new CopyOnWriteArrayList<>();
        String log = capturingTheLog(() -> {
            start(component -> {
                component.setKeepAliveInterval(50);
                // A connection taken for dead under load would subscribe the channels afresh, unanswered here.
                component.setSilenceTimeout(1_000);
                component.setChannelSilenceTimeout(1_000);
            }, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:depth?market=" + MARKET + "&size=20&streaming=true&exceptionHandler=#failures")
                            .routeId("depth").process(e -> received.add(e.getMessage().getBody()));
                    from("exchange:depth?market=" + MARKET + "&size=5&streaming=true&exceptionHandler=#failures")
                            .routeId("quick").process(e -> received.add(e.getMessage().getBody()));
                    from("exchange:ticker?market=" + MARKET + "&streaming=true&exceptionHandler=#failures")
                            .routeId("ticker").process(e -> received.add(e.getMessage().getBody()));
                }
            });
            Await.until(20, "each channel answered its subscription", () -> received.size() >= 3
                    && channels.stream().allMatch(c -> status(c).lastFrameAt() != null));
            // Nothing changes on this market. The real service pushes a book or a ticker only when it changes, and
            // may leave a subscription made again on the same connection unanswered (a quiet book used to be
            // reported silent for just that). Silencing the channels now, once they answered, plays that peer.
            channels.forEach(c -> simulator.streamFaults().silenceChannel(c));
            // Three checks each, the last one more than the old window of two checks after the last frame.
            Await.until(20, "checked three times", () -> channels.stream()
                    .allMatch(c -> status(c).resubscribes() >= 3));
        });
        assertThat(log.lines().filter(l -> l.contains("WARN") && l.contains("silent")))
                .as("a quiet channel is not reported").isEmpty();
        for (String channel : channels) {
            assertThat(status(channel).silent()).as(channel).isFalse();
            assertThat(status(channel).silences()).as(channel).isZero();
        }
        for (String route : List.of("depth", "quick", "ticker")) {
            assertThat(isUp(health(route))).as(route + " UP").isTrue();
            assertThat(health(route).getDetails()).containsEntry("silent", false).containsEntry("degraded", false);
        }
        assertThat(failures.failures()).isEmpty();
    }
}
