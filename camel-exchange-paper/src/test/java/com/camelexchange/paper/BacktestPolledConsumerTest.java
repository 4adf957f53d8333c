package com.camelexchange.paper;

import com.camelexchange.client.model.Ticker;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A polling consumer in a backtest polls on the recording's time: {@code delay=1000} over a recording of 30 seconds
 * polls once per recorded second (29 times after the first second's initial delay), however fast the recording is
 * applied, and each poll reads the market as it stood at its time.
 */
class BacktestPolledConsumerTest {
    @TempDir
    Path dir;

    @Test
    void delayIsRecordedTimeAndEachPollReadsTheMarketOfItsTime() throws Exception {
        Path recording = BacktestFixture.recording(dir, 30);
        List<BigDecimal> lasts = new CopyOnWriteArrayList<>();
        List<Instant> dates = new CopyOnWriteArrayList<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:ticker?market=" + BTC + "&delay=1000").routeId("polled")
                            .process(e -> {
                                Ticker ticker = e.getMessage().getBody(Ticker.class);
                                lasts.add(ticker.last());
                                dates.add(ticker.date());
                            });
                }
            }, component -> { });
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        // Second i's ticker has last 100 + i: the poll at T0 + i s reads it.
        assertThat(lasts).containsExactlyElementsOf(IntStream.rangeClosed(1, 29)
                .mapToObj(i -> BigDecimal.valueOf(100 + i)).toList());
        assertThat(dates.get(0)).isEqualTo(BacktestFixture.T0.plusSeconds(1));
    }
}
