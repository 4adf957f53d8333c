package com.camelexchange.paper;

import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code orders} consumer in a backtest: it polls the paper exchange on the recording's time, so an order's
 * events arrive at the poll of the recorded second that caused them, dated by the recording's clock.
 */
class BacktestOrderEventsTest {
    @TempDir
    Path dir;

    @Test
    void orderEventsArriveAtTheReplayTimeOfWhatCausedThem() throws Exception {
        Path recording = BacktestFixture.recording(dir, 20);
        List<String> events = new CopyOnWriteArrayList<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:depth?market=" + BTC + "&streaming=true").routeId("strategy")
                            .filter(BacktestFixture.bookOfSecond(5))
                            .setBody(e -> OrderRequest.limit(BTC, OrderSide.SELL, "110", "0.5"))
                            .to("exchange:order");
                    from("exchange:orders?market=" + BTC + "&delay=1000").routeId("orders")
                            .process(e -> {
                                OrderEvent event = e.getMessage().getBody(OrderEvent.class);
                                events.add(event.type() + " " + event.order().status() + " "
                                           + event.tradedTotal().toPlainString() + " " + event.detectedAt());
                            });
                }
            }, component -> { });
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        // Placed while the book of second 5 was handled, seen by that second's poll; then each trade of 0.01 btc
        // above 110 (seconds 11 to 19) fills 0.01 btc of it, each seen by the poll of its second.
        List<String> expected = new ArrayList<>(List.of("NEW PENDING 0 2024-01-01T00:00:05Z"));
        for (int second = 11; second <= 19; second++) {
            expected.add("PARTIALLY_FILLED PARTIALLY_FILLED 0.0" + (second - 10) + " 2024-01-01T00:00:" + second + "Z");
        }
        assertThat(events).containsExactlyElementsOf(expected);
    }
}
