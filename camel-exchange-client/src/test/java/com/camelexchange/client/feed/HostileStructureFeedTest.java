package com.camelexchange.client.feed;

import com.camelexchange.client.Await;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.JsonRewrite;
import com.camelexchange.simulator.SimulatorLimits;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36, as filed: one trade on the REST trades page with a field nested 3,000 levels deep, an extra field so
 * nested, or a byte 0xFF gave a plain program's {@code Feed.trades}, polled or streamed, none of the trades after it,
 * for good: the page was refused whole at every read. Now that trade is lost alone: every other trade comes once,
 * in order, the position ends on the last one, and the feed is UP.
 */
class HostileStructureFeedTest {
    private static final String MARKET = "btc_usdt";
    private static final int DEEP = 3_000;
    /** More reads than any case makes: the trade stays hostile on every page that holds it. */
    private static final int EVERY_READ = 20_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How the one trade is made hostile. */
    enum Hostile {
        PRICE_NESTED_3000_DEEP(at -> JsonRewrite.set(at + "/price", "[".repeat(DEEP) + "1" + "]".repeat(DEEP))),
        EXTRA_FIELD_NESTED_3000_DEEP(at -> JsonRewrite.add(at, "x", "{\"a\":".repeat(DEEP) + "1" + "}".repeat(DEEP))),
        A_BYTE_0XFF_IN_ITS_SIDE(at -> JsonRewrite.set(at + "/type", "\"b" + JsonRewrite.rawByte(0xFF) + "y\""));

        final java.util.function.Function<String, UnaryOperator<String>> at;

        Hostile(java.util.function.Function<String, UnaryOperator<String>> at) {
            this.at = at;
        }
    }

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

    @ParameterizedTest
    @EnumSource(Hostile.class)
    void aPolledFeedLosesTheHostileTradeAloneAndDeliversEveryOther(Hostile hostile) throws Exception {
        tape.add(2);
        long start = tape.lastTid();
        tape.add(3);
        long bad = start + 2;
        AtomicInteger served = serve(bad, hostile);
        Positions positions = Positions.inMemory();
        List<Long> delivered = new CopyOnWriteArrayList<>();
        try (Feed feed = Feed.trades(client, MARKET).positions(positions).since(start)
                .pollDelay(Duration.ofMillis(20)).onFailure((message, failure) -> failures.add(failure))
                .start(t -> delivered.add(t.tid()))) {
            Await.until("the two good trades of the page", () -> delivered.size() >= 2);
            tape.add(5);
            Await.until("the next five", () -> delivered.size() >= 7);
            Await.until("up", () -> feed.health().state() == ConsumerHealth.State.UP);
            assertThat(feed.position().value()).isEqualTo(Long.toString(tape.lastTid()));
        }
        assertThat(served.get()).as("the page with the hostile trade was read").isPositive();
        assertThat(delivered).containsExactlyElementsOf(TradeTape.range(start, tape.lastTid(), bad));
        assertThat(failures).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Hostile.class)
    void aStreamedFeedCatchesUpPastTheHostileTradeAndDeliversEveryOther(Hostile hostile) throws Exception {
        tape.add(2);
        long start = tape.lastTid();
        tape.add(3);
        long bad = start + 2;
        AtomicInteger served = serve(bad, hostile);
        List<Long> delivered = new CopyOnWriteArrayList<>();
        try (Feed feed = Feed.trades(client, MARKET).positions(Positions.inMemory()).since(start).streaming(true)
                .onFailure((message, failure) -> failures.add(failure)).start(t -> delivered.add(t.tid()))) {
            Await.until("subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
            Await.until("the two good trades, caught up", () -> delivered.size() >= 2);
            tape.add(5);
            Await.until("the next five, pushed", () -> delivered.size() >= 7);
            Await.until("up", () -> feed.health().state() == ConsumerHealth.State.UP);
            assertThat(feed.position().value()).isEqualTo(Long.toString(tape.lastTid()));
        }
        assertThat(served.get()).as("the catch-up read the page with the hostile trade").isPositive();
        assertThat(delivered).containsExactlyElementsOf(TradeTape.range(start, tape.lastTid(), bad));
        assertThat(failures).isEmpty();
    }

    /** Serves trade {@code tid} made hostile on every trades page that holds it; counts the pages served so. */
    private AtomicInteger serve(long tid, Hostile hostile) {
        AtomicInteger served = new AtomicInteger();
        simulator.faults().inject("trades", Fault.rewrite("trade " + tid + " " + hostile, reply -> {
            int at = indexOf(reply, tid);
            if (at < 0) {
                return reply;
            }
            served.incrementAndGet();
            return hostile.at.apply("/" + at).apply(reply);
        }), EVERY_READ);
        return served;
    }

    private static int indexOf(String reply, long tid) {
        try {
            JsonNode trades = JSON.readTree(reply);
            for (int i = 0; i < trades.size(); i++) {
                if (trades.get(i).path("tid").asLong() == tid) {
                    return i;
                }
            }
            return -1;
        } catch (IOException e) {
            return -1;
        }
    }
}
