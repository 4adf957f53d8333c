package com.camelexchange.paper;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A Camel Main application in backtest ends by itself: {@code main.run()} returns once the recording ended and the
 * backtest stopped the context, the options set as an application sets them, in properties.
 */
class BacktestMainTest {
    @TempDir
    Path dir;

    @Test
    void aCamelMainApplicationEndsWhenTheRecordingEnds() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        AtomicInteger trades = new AtomicInteger();
        Main main = new Main();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            main.addInitialProperty("camel.component.exchange.base-url", live.url());
            main.addInitialProperty("camel.component.exchange.replay-from", recording.toString());
            main.addInitialProperty("camel.component.exchange.paper-balances", "usdt=1000");
            main.addInitialProperty("camel.component.exchange.paper-report-to", dir.resolve("report").toString());
            main.configure().addRoutesBuilder(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + BTC + "&streaming=true").process(e -> trades.incrementAndGet());
                }
            });
            // A bound, not a measure: without the end, run() would wait for a signal for ever.
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> main.run());
            assertThat(live.accepted()).isZero();
        }
        assertThat(trades).hasValue(10);
        assertThat(Files.exists(dir.resolve("report").resolve(PaperReport.TEXT))).isTrue();
    }
}
