package com.camelexchange.paper;

import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.Ticker;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lock-step: a route that places a crossing order while it handles the book of second 5 is filled against that
 * book, at its time, and reads the ticker as the recording stood then; the next event waits for the route. Nothing
 * reaches the live address, and the end of the recording logs the summary line and stops the context.
 */
class BacktestLockStepTest {
    @TempDir
    Path dir;

    @Test
    void anOrderPlacedOnAnEventFillsAgainstTheMarketAsThatEventLeftIt() throws Exception {
        Path recording = BacktestFixture.recording(dir, 20);
        List<BigDecimal> tickerLasts = new CopyOnWriteArrayList<>();
        CapturedLog log;
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"), live.url(),
                    new RouteBuilder() {
                        @Override
                        public void configure() {
                            from("exchange:depth?market=" + BTC + "&streaming=true").routeId("strategy")
                                    .filter(BacktestFixture.bookOfSecond(5))
                                    .setBody(e -> OrderRequest.limit(BTC, OrderSide.BUY, "200", "0.5"))
                                    .to("exchange:order")
                                    .to("exchange:ticker?market=" + BTC)
                                    .process(e -> tickerLasts.add(e.getMessage().getBody(Ticker.class).last()));
                        }
                    // No latency: the order reaches the book at the very event it was placed on (with
                    // paperLatency it would meet the book of the last event before its arrival).
                    }, component -> component.setPaperLatency(0)));
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        // The book of second 5 offers 1 btc at 105; the ones after it offer higher. Filled at second 5's time.
        List<String> fills = BacktestFixture.fills(BacktestFixture.report(dir.resolve("report")));
        assertThat(fills).hasSize(1);
        String[] fill = fills.get(0).split("\\s+");
        assertThat(fill[0]).isEqualTo("2024-01-01T00:00:05Z");
        assertThat(fill).containsSubsequence(BTC, "BUY", "200", "105", "0.5", "0.00100000", "btc", "taker");
        // In-process read, as of the event being handled: second 5's ticker comes after its book.
        assertThat(tickerLasts).containsExactly(new BigDecimal("104"));
        List<String> summary = log.lines("INFO", BacktestSummary.class).stream()
                .filter(l -> l.contains("backtest: ")).toList();
        assertThat(summary).hasSize(1);
        assertThat(summary.get(0)).containsPattern("backtest: events=60 seconds=\\d+\\.\\d{3} eventsPerSecond=\\d+"
                                                   + " orders=1 fills=1 fees=0.10 pnl=6.63$");
        assertThat(log.hasStackTrace()).isFalse();
    }
}
