package com.camelexchange.paper;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.StreamFaults;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paper exchange follows the live market with feeds of the component's own, not with routes: the application's
 * CamelContext keeps exactly the routes it was given, and each feed shows its health beside the consumers' checks,
 * DOWN while the live stream is lost and UP again once it is back, and gone when the component stops.
 */
class PaperFeedHealthTest {
    private static final String DEPTH = "consumer:paper-btc_usdt-depth";
    private static final String TRADES = "consumer:paper-btc_usdt-trades";

    @Test
    void theLiveMarketIsFollowedWithoutRoutesAndEachFeedShowsItsHealth() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setReconnectDelay(20);
                 c.setMaxReconnectDelay(100);
             }, null)) {
            assertThat(checks(paper)).doesNotContainKeys(DEPTH, TRADES);

            paper.place(OrderSide.BUY, "50000.00", "0.01");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            assertThat(paper.context.getRoutes()).as("no route added to the application's context").isEmpty();
            awaitCheck(paper, DEPTH, "the book's feed UP", PaperFeedHealthTest::isUp);
            awaitCheck(paper, TRADES, "the trades' feed UP", PaperFeedHealthTest::isUp);
            assertThat(checks(paper).get(TRADES).getDetails()).containsEntry("mode", "streaming")
                    .containsEntry("channel", "btcusdt_trades");

            StreamFaults faults = live.simulator().streamFaults();
            faults.refuseUpgrade(1_000_000).dropAll();
            awaitCheck(paper, TRADES, "the trades' feed DOWN without its stream",
                    r -> r.getState() == HealthCheck.State.DOWN);
            while (faults.takeUpgradeRefusal()) {
                // Lets the stream come back.
            }
            awaitCheck(paper, TRADES, "the trades' feed UP again", PaperFeedHealthTest::isUp);

            paper.component.stop();
            assertThat(checks(paper)).as("the feeds' checks leave with the feeds").doesNotContainKeys(DEPTH, TRADES);
        }
    }

    private static Map<String, HealthCheck.Result> checks(PaperContext paper) {
        // Every check, UP or not ("full"; by default all UP reads as one).
        return HealthCheckHelper.invoke(paper.context, check -> Map.of(), check -> false, "full").stream()
                .collect(Collectors.toMap(r -> r.getCheck().getId(), r -> r));
    }

    private static void awaitCheck(PaperContext paper, String id, String what, Predicate<HealthCheck.Result> condition)
            throws InterruptedException {
        try {
            Await.until(20, what, () -> Optional.ofNullable(checks(paper).get(id)).filter(condition).isPresent());
        } catch (AssertionError e) {
            HealthCheck.Result last = checks(paper).get(id);
            throw new AssertionError(e.getMessage() + "; last: " + (last == null ? "no check"
                    : last.getState() + " " + last.getMessage().orElse("") + " " + last.getDetails()));
        }
    }

    private static boolean isUp(HealthCheck.Result result) {
        return result.getState() == HealthCheck.State.UP && "UP".equals(result.getDetails().get("state"));
    }
}
