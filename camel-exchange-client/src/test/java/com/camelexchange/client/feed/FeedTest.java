package com.camelexchange.client.feed;

import com.camelexchange.client.Await;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A plain program's feed of trades against the simulator, streamed and polled: each trade delivered once and in
 * order, a restart from the same positions resuming after the last one delivered, and a trade the listener threw on
 * delivered again (with the ones after it), never skipped.
 */
class FeedTest {
    private static final String MARKET = "btc_usdt";

    private ExchangeSimulator simulator;
    private TradeTape tape;
    private ExchangeClient client;
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(11).quiet().limits(SimulatorLimits.none()).build().start();
        tape = new TradeTape(simulator, MARKET);
        client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).resources(r -> r.rateLimits(false)
                .reconnectDelay(Duration.ofMillis(20)).maxReconnectDelay(Duration.ofMillis(200))).build();
    }

    @AfterEach
    void stop() {
        client.close();
        simulator.stop();
    }

    @Test
    void streamedTradesComeOnceInOrderAndARestartResumesAfterTheLastDelivered() throws Exception {
        tape.add(3);
        long start = tape.lastTid();
        Positions positions = Positions.inMemory();
        List<Long> received = new CopyOnWriteArrayList<>();
        try (Feed feed = trades(positions).since(start).streaming(true).start(t -> received.add(t.tid()))) {
            Await.until("subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
            for (int round = 0; round < 5; round++) {
                tape.add(4);
            }
            Await.until("20 trades", () -> received.size() >= 20);
            Await.until("up", () -> feed.health().state() == ConsumerHealth.State.UP);
            assertThat(feed.position().value()).isEqualTo(Long.toString(tape.lastTid()));
        }
        assertThat(received).containsExactlyElementsOf(TradeTape.range(start, tape.lastTid()));

        long stoppedAt = tape.lastTid();
        tape.add(6);
        List<Long> resumed = new CopyOnWriteArrayList<>();
        try (Feed again = trades(positions).streaming(true).start(t -> resumed.add(t.tid()))) {
            Await.until("the trades made while stopped", () -> resumed.size() >= 6);
            assertThat(again.position().durable()).isFalse();
        }
        assertThat(resumed).as("caught up over REST from the position kept, nothing twice")
                .containsExactlyElementsOf(TradeTape.range(stoppedAt, tape.lastTid()));
        assertThat(failures).isEmpty();
    }

    @Test
    void aTradeTheListenerThrowsOnComesAgainWithTheOnesAfterIt() throws Exception {
        tape.add(2);
        long start = tape.lastTid();
        tape.add(10);
        long refusedOnce = start + 4;
        Set<Long> refused = ConcurrentHashMap.newKeySet();
        List<Long> attempts = new CopyOnWriteArrayList<>();
        List<Long> delivered = new CopyOnWriteArrayList<>();
        try (Feed feed = trades(Positions.inMemory()).since(start).streaming(true).start(t -> {
            attempts.add(t.tid());
            if (t.tid() == refusedOnce && refused.add(t.tid())) {
                throw new IllegalStateException("not now");
            }
            delivered.add(t.tid());
        })) {
            Await.until("all delivered", () -> delivered.size() >= 10);
        }
        assertThat(delivered).containsExactlyElementsOf(TradeTape.range(start, tape.lastTid()));
        assertThat(attempts.stream().filter(tid -> tid == refusedOnce)).as("delivered again").hasSize(2);
        assertThat(failures).singleElement().satisfies(f -> assertThat(f).hasMessage("not now"));
    }

    @Test
    void polledTradesComeOnceInOrderResumeAndComeAgainAfterAFailure() throws Exception {
        tape.add(2);
        long start = tape.lastTid();
        tape.add(7);
        Positions positions = Positions.inMemory();
        Set<Long> refused = ConcurrentHashMap.newKeySet();
        List<Long> delivered = new CopyOnWriteArrayList<>();
        try (Feed feed = trades(positions).since(start).pollDelay(Duration.ofMillis(20)).start(t -> {
            if (t.tid() == start + 3 && refused.add(t.tid())) {
                throw new IllegalStateException("not now");
            }
            delivered.add(t.tid());
        })) {
            Await.until("7 trades", () -> delivered.size() >= 7);
            assertThat(feed.health().state()).isEqualTo(ConsumerHealth.State.UP);
        }
        assertThat(delivered).containsExactlyElementsOf(TradeTape.range(start, tape.lastTid()));

        long stoppedAt = tape.lastTid();
        tape.add(3);
        List<Long> resumed = new CopyOnWriteArrayList<>();
        try (Feed again = trades(positions).pollDelay(Duration.ofMillis(20)).start(t -> resumed.add(t.tid()))) {
            Await.until("3 more", () -> resumed.size() >= 3);
        }
        assertThat(resumed).containsExactlyElementsOf(TradeTape.range(stoppedAt, tape.lastTid()));
        assertThat(failures).hasSize(1);
    }

    @Test
    void aBadMarketIsRefusedBeforeAnythingIsSent() {
        long before = simulator.requestCount("trades");
        assertThatThrownBy(() -> Feed.trades(client, "BTC-USDT").start(t -> { }))
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("market");
        assertThatThrownBy(() -> Feed.orders(client, MARKET).streaming(true).start(t -> { }))
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("poll them");
        assertThat(simulator.requestCount("trades")).isEqualTo(before);
    }

    private FeedBuilder<Trade> trades(Positions positions) {
        return Feed.trades(client, MARKET).positions(positions).onFailure((message, failure) -> failures.add(failure));
    }
}
