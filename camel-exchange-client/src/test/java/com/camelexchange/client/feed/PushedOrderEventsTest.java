package com.camelexchange.client.feed;

import com.camelexchange.client.Await;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.Positions;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program's order events streamed from the simulator's account pushes: each transition once and in order, with
 * the bodies the polled feed delivers; no REST listing while pushes flow; what changed while the connection was cut,
 * or behind a push that could not be read, caught up over REST once; a restart from the stored watch announcing
 * only what it had not.
 */
class PushedOrderEventsTest {
    private static final String MARKET = "btc_usdt";
    /** The REST calls the order events' catch-ups make. */
    private static final List<String> LISTINGS = List.of("getOrdersIgnoreTradeType",
            "getUnfinishedOrdersIgnoreTradeType", "getOrder");

    private ExchangeSimulator simulator;
    private ExchangeClient alice;
    private ExchangeClient bob;
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(5).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        alice = client("alice");
        bob = client("bob");
    }

    private ExchangeClient client(String key) {
        return ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys(key, key + "-secret")
                .resources(r -> r.rateLimits(false).reconnectDelay(Duration.ofMillis(20))
                        .maxReconnectDelay(Duration.ofMillis(200))).build();
    }

    @AfterEach
    void stop() {
        alice.close();
        bob.close();
        simulator.stop();
    }

    @Test
    void pushedEventsAnnounceEachTransitionOnceInOrderWithThePolledBodies() throws Exception {
        List<OrderEvent> pushed = new CopyOnWriteArrayList<>();
        List<OrderEvent> polled = new CopyOnWriteArrayList<>();
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(pushed::add);
             Feed polling = orders(Positions.inMemory()).pollDelay(Duration.ofMillis(50)).start(polled::add)) {
            awaitUp(streaming);
            awaitUp(polling);
            String filled = sell("65000", "0.3");
            both(pushed, polled, 1);
            buy("65000", "0.1");
            both(pushed, polled, 2);
            buy("65000", "0.2");
            both(pushed, polled, 3);
            String cancelled = sell("66000", "0.2");
            both(pushed, polled, 4);
            buy("66000", "0.05");
            both(pushed, polled, 5);
            alice.cancelOrder(MARKET, cancelled);
            both(pushed, polled, 6);

            assertThat(lines(pushed)).containsExactly(
                    filled + " NEW 0 0", filled + " PARTIALLY_FILLED 0.1 0.1", filled + " FILLED 0.2 0.3",
                    cancelled + " NEW 0 0", cancelled + " PARTIALLY_FILLED 0.05 0.05", cancelled + " CANCELLED 0 0.05");
            assertThat(undated(pushed)).as("the bodies the polled feed delivers").isEqualTo(undated(polled));
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void noOrderIsListedOverRestWhilePushesFlow() throws Exception {
        List<OrderEvent> pushed = new CopyOnWriteArrayList<>();
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(pushed::add)) {
            awaitUp(streaming);
            long before = listings();
            String filled = sell("65000", "0.2");
            buy("65000", "0.1");
            buy("65000", "0.1");
            String cancelled = sell("67000", "0.1");
            alice.cancelOrder(MARKET, cancelled);
            Await.until("5 events", () -> pushed.size() >= 5);
            assertThat(lines(pushed)).containsExactly(filled + " NEW 0 0", filled + " PARTIALLY_FILLED 0.1 0.1",
                    filled + " FILLED 0.1 0.2", cancelled + " NEW 0 0", cancelled + " CANCELLED 0 0");
            assertThat(listings()).as("no listing, no look-up: the pushes told everything").isEqualTo(before);
            assertThat(streaming.health().state()).isEqualTo(ConsumerHealth.State.UP);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void whatChangedWhileTheConnectionWasCutIsCaughtUpOverRestOnce() throws Exception {
        List<OrderEvent> pushed = new CopyOnWriteArrayList<>();
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(pushed::add)) {
            awaitUp(streaming);
            String first = sell("65000", "0.2");
            Await.until("its NEW", () -> pushed.size() >= 1);
            long opened = simulator.streamConnectionsOpened();
            long before = listings();

            simulator.streamFaults().dropAll();
            buy("65000", "0.1");
            String second = sell("68000", "0.1");
            alice.cancelOrder(MARKET, second);
            Await.until("reconnected", () -> simulator.streamConnectionsOpened() > opened);
            Await.until("4 events", () -> pushed.size() >= 4);
            buy("65000", "0.1");
            Await.until("5 events", () -> pushed.size() >= 5);

            assertThat(lines(pushed)).containsExactly(first + " NEW 0 0", first + " PARTIALLY_FILLED 0.1 0.1",
                    second + " NEW 0 0", second + " CANCELLED 0 0", first + " FILLED 0.1 0.2");
            assertThat(listings()).as("caught up over REST after the reconnect").isGreaterThan(before);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void aPushThatCannotBeReadIsCaughtUpOverRestAndNothingComesTwice() throws Exception {
        List<OrderEvent> pushed = new CopyOnWriteArrayList<>();
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(pushed::add)) {
            awaitUp(streaming);
            String order = sell("65000", "0.2");
            Await.until("its NEW", () -> pushed.size() >= 1);
            long before = listings();
            simulator.streamFaults().malformedFrame();
            buy("65000", "0.1");
            Await.until("the fill the push lost", () -> pushed.size() >= 2);
            buy("65000", "0.1");
            Await.until("filled", () -> pushed.size() >= 3);
            assertThat(lines(pushed)).containsExactly(order + " NEW 0 0", order + " PARTIALLY_FILLED 0.1 0.1",
                    order + " FILLED 0.1 0.2");
            assertThat(listings()).isGreaterThan(before);
        }
    }

    @Test
    void aSkippedSeqIsCaughtUpOverRestBeforeThePushThatShowedIt() throws Exception {
        List<OrderEvent> pushed = new CopyOnWriteArrayList<>();
        alice.close();
        alice = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .resources(r -> r.rateLimits(false).keepAliveInterval(Duration.ofMinutes(5))
                        .silenceTimeout(Duration.ofMinutes(10))).build();
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(pushed::add)) {
            awaitUp(streaming);
            String order = sell("65000", "0.2");
            Await.until("its NEW", () -> pushed.size() >= 1);
            long before = listings();
            // No ping goes out meanwhile (the client pings every five minutes): the one frame the stall swallows is the fill's push.
            long swallowed = simulator.streamFaults().framesSwallowed();
            simulator.streamFaults().stall(Duration.ofMinutes(1));
            buy("65000", "0.1");
            Await.until("the fill's push swallowed", () -> simulator.streamFaults().framesSwallowed() > swallowed);
            simulator.streamFaults().resume();
            buy("65000", "0.1");
            Await.until("filled", () -> pushed.size() >= 2);
            String next = sell("70000", "0.1");
            Await.until("the next order's NEW", () -> pushed.size() >= 3);
            assertThat(lines(pushed)).as("the REST view of the catch-up, then the pushes it had covered: nothing")
                    .containsExactly(order + " NEW 0 0", order + " FILLED 0.2 0.2", next + " NEW 0 0");
            assertThat(listings()).isGreaterThan(before);
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void aRestartFromTheStoredWatchAnnouncesOnlyWhatItHadNot() throws Exception {
        Positions positions = Positions.inMemory();
        List<OrderEvent> first = new CopyOnWriteArrayList<>();
        String order;
        try (Feed streaming = orders(positions).streaming(true).start(first::add)) {
            awaitUp(streaming);
            order = sell("65000", "0.3");
            buy("65000", "0.1");
            Await.until("2 events", () -> first.size() >= 2);
        }
        buy("65000", "0.2");
        String other = sell("69000", "0.1");

        List<OrderEvent> again = new CopyOnWriteArrayList<>();
        try (Feed streaming = orders(positions).streaming(true).start(again::add)) {
            Await.until("2 events", () -> again.size() >= 2);
            awaitUp(streaming);
            alice.cancelOrder(MARKET, other);
            Await.until("3 events", () -> again.size() >= 3);
        }
        assertThat(lines(first)).containsExactly(order + " NEW 0 0", order + " PARTIALLY_FILLED 0.1 0.1");
        assertThat(lines(again)).containsExactly(order + " FILLED 0.2 0.3", other + " NEW 0 0",
                other + " CANCELLED 0 0");
    }

    @Test
    void healthIsDownWhileTheAccountsConnectionIsDown() throws Exception {
        try (Feed streaming = orders(Positions.inMemory()).streaming(true).start(e -> { })) {
            awaitUp(streaming);
            simulator.streamFaults().refuseUpgrade(Integer.MAX_VALUE / 2);
            simulator.streamFaults().dropAll();
            Await.until("down", () -> streaming.health().state() == ConsumerHealth.State.DOWN);
            assertThat(streaming.health().details()).containsEntry("connected", false);
        }
    }

    @Test
    void healthIsDownWhileTheExchangeRefusesTheSubscription() throws Exception {
        simulator.createAccount("carol", "carol-secret", Permission.ASSET);
        try (ExchangeClient carol = client("carol");
             Feed refused = Feed.orders(carol, MARKET).streaming(true).onFailure((m, f) -> { }).start(e -> { })) {
            Await.until("refused", () -> refused.health().state() == ConsumerHealth.State.DOWN
                                         && String.valueOf(refused.health().message()).contains("refused"));
            assertThat(refused.health().message()).as("names the channel").contains("push_user_incr_record");
        }
    }

    private FeedBuilder<OrderEvent> orders(Positions positions) {
        return Feed.orders(alice, MARKET).positions(positions).onFailure((message, failure) -> failures.add(failure));
    }

    private static void awaitUp(Feed feed) throws InterruptedException {
        Await.until("up", () -> feed.health().state() == ConsumerHealth.State.UP);
    }

    private static void both(List<OrderEvent> pushed, List<OrderEvent> polled, int events)
            throws InterruptedException {
        Await.until(events + " events each", () -> pushed.size() >= events && polled.size() >= events);
    }

    private String sell(String price, String amount) {
        return alice.placeOrder(new OrderRequest(MARKET, OrderSide.SELL, new BigDecimal(price), new BigDecimal(amount),
                null, null, null)).id();
    }

    private void buy(String price, String amount) {
        bob.placeOrder(new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal(price), new BigDecimal(amount), null,
                null, null));
    }

    private long listings() {
        return LISTINGS.stream().mapToLong(simulator::requestCount).sum();
    }

    private static List<String> lines(List<OrderEvent> events) {
        List<String> out = new ArrayList<>();
        for (OrderEvent e : events) {
            out.add(e.order().id() + " " + e.type() + " " + e.tradedSinceLast().stripTrailingZeros().toPlainString()
                    + " " + e.tradedTotal().stripTrailingZeros().toPlainString());
        }
        return out;
    }

    /** The events but for when they were detected. */
    private static List<OrderEvent> undated(List<OrderEvent> events) {
        return events.stream().map(e -> new OrderEvent(e.type(), e.order(), e.tradedSinceLast(), e.tradedTotal(),
                Instant.EPOCH)).toList();
    }
}
