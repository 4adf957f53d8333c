package com.camelexchange.component;

import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A page the exchange refuses whole on every try (here: cut short, not JSON) is asked for again with a backoff, not
 * at the polling pace nor in a tight loop: the wait doubles per failure in a row from the poll delay (a streaming
 * consumer's catch-up: from {@code reconnectDelay}) up to {@code maxReconnectDelay}; the health check reads DOWN with
 * the reason, since when and when the next try is due; the meter counts each wait; the WARN is logged once, without
 * a stack trace. Once the exchange serves the page again every item comes, once and in order, none skipped. The
 * schedule is read from what the consumer plans (its health check), never from a rate.
 */
class RefusedPageBackoffTest extends ConsumerHealthTestSupport {
    private static final long FIRST = 20;
    private static final long CAP = 640;
    /** Enough failures in a row to see the wait double four times and stay at its cap. */
    private static final int FAILURES = 7;

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    /** What the health check said after one failure in a row, and when the test saw it. */
    private record Seen(long retryDelayMs, Instant nextTryAt, long seenAtMillis, String message,
                        Map<String, Object> details) {
    }

    @Test
    void aPolledTradesPageRefusedWholeIsRetriedWithAGrowingWaitAndNothingIsSkipped() throws Exception {
        long since = addTrades(1);
        addTrades(5);
        simulator.faults().inject("trades", Fault.malformedJson(), 100_000);
        List<Long> received = new CopyOnWriteArrayList<>();
        String log = capturingTheLog(() -> {
            start(this::backoffBetweenFirstAndCap, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + MARKET + "&delay=" + FIRST + "&initialDelay=0&since=" + since)
                            .routeId("polled").process(e -> received.add(e.getMessage().getBody(Trade.class).tid()));
                }
            }, "meters", meters);
            Map<Integer, Seen> seen = watchFailures("polled");
            assertBackoff(seen, "polls", "exchange-trades-btc_usdt");
            assertThat(received).as("nothing delivered while the page is refused").isEmpty();

            simulator.faults().clear();
            Await.until(20, "the five trades", () -> received.size() >= 5);
            awaitHealth("polled", "up again", ConsumerHealthTestSupport::isUp);
        });
        assertThat(received).as("each once, in order, none skipped").containsExactly(since + 1, since + 2, since + 3,
                since + 4, since + 5);
        assertThat(health("polled").getDetails()).containsEntry("failuresInARow", 0).doesNotContainKey("nextTryAt")
                .doesNotContainKey("failingSince");
        assertQuietLog(log, "polled", "polling again after");
    }

    @Test
    void aStreamingCatchUpRefusedWholeIsRetriedWithAGrowingWaitAndNothingIsSkipped() throws Exception {
        long since = addTrades(1);
        addTrades(5);
        simulator.faults().inject("trades", Fault.malformedJson(), 100_000);
        List<Long> received = new CopyOnWriteArrayList<>();
        String log = capturingTheLog(() -> {
            start(this::backoffBetweenFirstAndCap, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + MARKET + "&streaming=true&since=" + since)
                            .routeId("streamed").process(e -> received.add(e.getMessage().getBody(Trade.class).tid()));
                }
            }, "meters", meters);
            Map<Integer, Seen> seen = watchFailures("streamed");
            assertBackoff(seen, "attempts", "exchange-trades-btc_usdt");
            assertThat(received).as("nothing delivered while the catch-up is refused").isEmpty();

            simulator.faults().clear();
            Await.until(20, "the five trades", () -> received.size() >= 5);
            awaitHealth("streamed", "up again", ConsumerHealthTestSupport::isUp);
        });
        assertThat(received).as("each once, in order, none skipped").containsExactly(since + 1, since + 2, since + 3,
                since + 4, since + 5);
        assertQuietLog(log, "streamed", "catching up again after");
    }

    @Test
    void anOrderWatchWhoseListingIsRefusedWholeBacksOffAndThenAnnouncesWhatItMissed() throws Exception {
        List<OrderEvent> events = new CopyOnWriteArrayList<>();
        String log = capturingTheLog(() -> {
            start(this::backoffBetweenFirstAndCap, new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:orders?market=" + MARKET + "&delay=" + FIRST + "&initialDelay=0")
                            .routeId("orders").process(e -> events.add(e.getMessage().getBody(OrderEvent.class)));
                }
            }, "meters", meters);
            awaitHealth("orders", "watching", ConsumerHealthTestSupport::isUp);
            simulator.faults().inject("getOrdersIgnoreTradeType", Fault.malformedJson(), 100_000);
            User alice = simulator.exchange().key("alice").user();
            long placed = simulator.exchange().place(alice, OrderCommand.limit(MARKET, Side.BUY,
                    new BigDecimal("50000"), new BigDecimal("0.01"))).id();

            Map<Integer, Seen> seen = watchFailures("orders");
            assertBackoff(seen, "polls", "exchange-orders-btc_usdt");
            assertThat(events).as("nothing announced while the listing is refused").isEmpty();

            simulator.faults().clear();
            Await.until(20, "the order announced", () -> !events.isEmpty());
            awaitHealth("orders", "up again", ConsumerHealthTestSupport::isUp);
            assertThat(events).singleElement().satisfies(e -> {
                assertThat(e.type()).isEqualTo(OrderEventType.NEW);
                assertThat(e.order().id()).isEqualTo(Long.toString(placed));
            });
        });
        assertQuietLog(log, "orders", "polling again after");
    }

    // ---------------------------------------------------------------- helpers

    private void backoffBetweenFirstAndCap(ExchangeComponent component) {
        component.setReconnectDelay(FIRST);
        component.setMaxReconnectDelay(CAP);
    }

    /** Appends one trade a call to the market's tape; the tid of the last. */
    private long addTrades(int count) {
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal("65000"),
                    new BigDecimal("0.01"), Side.BUY);
        }
        return simulator.exchange().lastTrade(MARKET).tid();
    }

    /**
     * Reads the route's health check until {@value #FAILURES} attempts failed in a row and the wait after the last
     * is planned, keeping what it said after each failure it saw with its wait planned (the first failures come
     * fast, and the test may not see each of them). A consumer that plans no wait fails on: the test stops watching a
     * few failures later.
     */
    private Map<Integer, Seen> watchFailures(String routeId) throws InterruptedException {
        Map<Integer, Seen> seen = new TreeMap<>();
        Await.until(30, routeId + " failing " + FAILURES + " times in a row", () -> {
            HealthCheck.Result result = health(routeId);
            if (!isDown(result) || !(result.getDetails().get("failuresInARow") instanceof Integer failures)
                || failures == 0) {
                return false;
            }
            Object delay = result.getDetails().get("retryDelayMs");
            if (delay != null) {
                seen.putIfAbsent(failures, new Seen((long) delay,
                        Instant.parse((String) result.getDetails().get("nextTryAt")), System.currentTimeMillis(),
                        result.getMessage().orElse(""), result.getDetails()));
            }
            return failures >= FAILURES && delay != null || failures >= FAILURES + 3;
        });
        return seen;
    }

    /**
     * The wait planned after the k-th failure in a row is the first delay doubled k-1 times, at most the cap; no
     * failure came before the wait planned after the one before it; the health says why, since when and when next;
     * the meter holds each wait.
     */
    private void assertBackoff(Map<Integer, Seen> seen, String attempts, String consumer) {
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
                // The test saw failure k+1 after it happened, and it happened no sooner than the wait planned after
                // failure k allowed (2 ms for the clock's rounding).
                assertThat(after.seenAtMillis()).as("failure %d seen no sooner than the try after %d was due", k + 1, k)
                        .isGreaterThanOrEqualTo(entry.getValue().nextTryAt().toEpochMilli() - 2);
            }
        }

        Seen last = seen.get(FAILURES);
        assertThat(last.message()).contains(FAILURES + " " + attempts + " failed in a row for ").contains("(since ")
                .contains("ExchangeReplyFormatException").contains("reply is not understood")
                .contains("tried again in").contains("backing off: " + CAP + " ms");
        assertThat(last.details()).containsKeys("failingSince", "failingForSeconds", "nextTryInMs", "nextTryAt")
                .containsEntry("retryDelayMs", CAP);

        Timer waits = meters.find("camel.exchange.consumer.backoff").tag("consumer", consumer)
                .tag("failure", "unavailable").timer();
        assertThat(waits).as("the meter of the waits").isNotNull();
        assertThat(waits.count()).as("one wait per failure").isGreaterThanOrEqualTo(FAILURES);
        // Each wait is drawn from the upper half of the planned one: at the cap, at least half of it.
        assertThat(waits.max(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(CAP / 2.0);
    }

    /** One WARN for the whole run of failures, without a stack trace, and one line when it works again. */
    private static void assertQuietLog(String log, String routeId, String recovered) {
        assertThat(log.lines().filter(l -> l.contains("WARN") && l.contains("route " + routeId)))
                .as("one WARN for the run of failures, not one per try").hasSize(1)
                .allSatisfy(l -> assertThat(l).contains("ExchangeReplyFormatException").contains("backing off"));
        assertThat(log.lines().filter(l -> l.startsWith("\tat "))).as("no stack trace").isEmpty();
        assertThat(log).contains("(route " + routeId + "): " + recovered);
    }
}
