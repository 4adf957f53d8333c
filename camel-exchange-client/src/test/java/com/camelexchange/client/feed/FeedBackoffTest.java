package com.camelexchange.client.feed;

import com.camelexchange.client.Await;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program's feed of trades whose page the exchange refuses whole on every try (cut short, not JSON), polled and
 * streamed: it asks again with a wait that doubles per failure in a row from the poll delay (streamed: from the
 * client's reconnectDelay) up to the client's maxReconnectDelay, its health reads DOWN with the reason, since when
 * and when the next try is due, the client's meters get each wait, and once the page is served again every trade
 * comes once and in order. The schedule is read from what the feed plans (its health), never from a rate.
 */
class FeedBackoffTest {
    private static final String MARKET = "btc_usdt";
    private static final long FIRST = 20;
    private static final long CAP = 640;
    private static final int FAILURES = 7;

    private ExchangeSimulator simulator;
    private ExchangeClient client;
    private final List<String> waits = new CopyOnWriteArrayList<>();
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(11).quiet().limits(SimulatorLimits.none()).build().start();
        Metrics recorded = new Metrics() {
            @Override
            public void consumerBackoff(String consumer, String failure, long nanos) {
                waits.add(consumer + " " + failure + " " + Duration.ofNanos(nanos).toMillis());
            }
        };
        // No retry within a read: each failure of the feed is one refused reply.
        client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).readRetries(0, Duration.ZERO)
                .resources(r -> r.rateLimits(false)
                .metrics(recorded).reconnectDelay(Duration.ofMillis(FIRST)).maxReconnectDelay(Duration.ofMillis(CAP)))
                .build();
    }

    @AfterEach
    void stop() {
        client.close();
        simulator.stop();
    }

    @Test
    void aPolledFeedBacksOffFromARefusedPageAndThenDeliversEveryTradeOnce() throws Exception {
        long since = addTrades(1);
        addTrades(5);
        simulator.faults().inject("trades", Fault.malformedJson(), 100_000);
        List<Long> received = new CopyOnWriteArrayList<>();
        try (Feed feed = Feed.trades(client, MARKET).since(since).pollDelay(Duration.ofMillis(FIRST))
                .onFailure((message, failure) -> failures.add(failure)).start(t -> received.add(t.tid()))) {
            assertBackoff(watchFailures(feed), "polls");
            assertThat(received).isEmpty();

            simulator.faults().clear();
            Await.until("the five trades", () -> received.size() >= 5);
            Await.until("up again", () -> feed.health().state() == ConsumerHealth.State.UP);
            assertThat(feed.health().details()).doesNotContainKeys("nextTryAt", "failingSince");
        }
        assertThat(received).containsExactly(since + 1, since + 2, since + 3, since + 4, since + 5);
        assertThat(failures).as("each failure told").hasSizeGreaterThanOrEqualTo(FAILURES)
                .allSatisfy(f -> assertThat(f).isInstanceOf(ExchangeReplyFormatException.class));
    }

    @Test
    void aStreamedFeedBacksOffFromARefusedCatchUpAndThenDeliversEveryTradeOnce() throws Exception {
        long since = addTrades(1);
        addTrades(5);
        simulator.faults().inject("trades", Fault.malformedJson(), 100_000);
        List<Long> received = new CopyOnWriteArrayList<>();
        try (Feed feed = Feed.trades(client, MARKET).since(since).streaming(true)
                .onFailure((message, failure) -> failures.add(failure)).start(t -> received.add(t.tid()))) {
            assertBackoff(watchFailures(feed), "attempts");
            assertThat(received).isEmpty();

            simulator.faults().clear();
            Await.until("the five trades", () -> received.size() >= 5);
            Await.until("up again", () -> feed.health().state() == ConsumerHealth.State.UP);
        }
        assertThat(received).containsExactly(since + 1, since + 2, since + 3, since + 4, since + 5);
    }

    @Test
    void aFeedThatKeepsFailingLogsOneWarnWithoutAStackTrace() throws Exception {
        addTrades(1);
        simulator.faults().inject("trades", Fault.malformedJson(), 100_000);
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (Feed feed = Feed.trades(client, MARKET).pollDelay(Duration.ofMillis(FIRST)).start(t -> { })) {
            Await.until("failing " + FAILURES + " times", () -> feed.health().details().get("failuresInARow")
                    instanceof Integer n && n >= FAILURES);
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertThat(log.lines().filter(l -> l.contains("WARN"))).as("one WARN for the run of failures, not one per try")
                .singleElement().satisfies(l -> assertThat(l).contains("A poll failed")
                        .contains("ExchangeReplyFormatException"));
        assertThat(log.lines().filter(l -> l.startsWith("\tat "))).as("no stack trace").isEmpty();
    }

    // ---------------------------------------------------------------- helpers

    /** What the feed's health said after one failure in a row, and when the test saw it. */
    private record Seen(long retryDelayMs, Instant nextTryAt, long seenAtMillis, ConsumerHealth.Report report) {
    }

    /** Reads the feed's health until {@value #FAILURES} attempts failed in a row and the wait after it is planned. */
    private static Map<Integer, Seen> watchFailures(Feed feed) throws InterruptedException {
        Map<Integer, Seen> seen = new TreeMap<>();
        Await.until("failing " + FAILURES + " times in a row", () -> {
            ConsumerHealth.Report report = feed.health();
            if (report.state() != ConsumerHealth.State.DOWN
                || !(report.details().get("failuresInARow") instanceof Integer failures) || failures == 0) {
                return false;
            }
            Object delay = report.details().get("retryDelayMs");
            if (delay != null) {
                seen.putIfAbsent(failures, new Seen((long) delay, Instant.parse((String) report.details()
                        .get("nextTryAt")), System.currentTimeMillis(), report));
            }
            return failures >= FAILURES && delay != null || failures >= FAILURES + 3;
        });
        return seen;
    }

    /**
     * The wait planned after the k-th failure in a row is the first delay doubled k-1 times, at most the cap; no
     * failure came before the wait planned after the one before; the health says why, since when and when next; the
     * meters got each wait.
     */
    private void assertBackoff(Map<Integer, Seen> seen, String attempts) {
        List<String> schedule = new ArrayList<>();
        seen.forEach((k, s) -> schedule.add(k + ":" + s.retryDelayMs()));
        assertThat(seen.keySet()).as("the waits seen once they are long enough to see each: %s", schedule)
                .contains(FAILURES - 2, FAILURES - 1, FAILURES);
        for (Map.Entry<Integer, Seen> entry : seen.entrySet()) {
            int k = entry.getKey();
            assertThat(entry.getValue().retryDelayMs()).as("the wait planned after failure %d of %s", k, schedule)
                    .isEqualTo(Math.min(FIRST << (k - 1), CAP));
            Seen after = seen.get(k + 1);
            if (after != null) {
                assertThat(after.seenAtMillis()).as("failure %d seen no sooner than the try after %d was due", k + 1, k)
                        .isGreaterThanOrEqualTo(entry.getValue().nextTryAt().toEpochMilli() - 2);
            }
        }
        ConsumerHealth.Report last = seen.get(FAILURES).report();
        assertThat(last.message()).contains(FAILURES + " " + attempts + " failed in a row for ").contains("(since ")
                .contains("trades reply is not understood").contains("tried again in")
                .contains("backing off: " + CAP + " ms");
        assertThat(last.details()).containsKeys("failingSince", "failingForSeconds", "nextTryInMs")
                .containsEntry("retryDelayMs", CAP);
        assertThat(waits).as("one wait per failure in the meters").hasSizeGreaterThanOrEqualTo(FAILURES)
                .allSatisfy(w -> assertThat(w).startsWith("feed-trades-" + MARKET + " unavailable "));
    }

    /** Appends one trade a call; the tid of the last. */
    private long addTrades(int count) {
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                    new BigDecimal("0.01"), Side.BUY);
        }
        return simulator.exchange().lastTrade(MARKET).tid();
    }
}
