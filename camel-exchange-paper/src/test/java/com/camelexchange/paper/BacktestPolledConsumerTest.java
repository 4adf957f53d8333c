package com.camelexchange.paper;

import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

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

    /**
     * A polling trades consumer pages from its position as it does live: 120 trades a recorded second, polled once
     * a second, reach it all, once each and in order, though one read gives 50.
     */
    @Test
    void aPolledTradesConsumerPagesThroughMoreTradesThanOneReadGives() throws Exception {
        Path recording = dir.resolve("busy.jsonl");
        int perSecond = 120;
        try (RecordingWriter out = RecordingWriter.create(recording)) {
            out.write(new MarketEvent.Markets(BacktestFixture.T0, List.of(new MarketSpec(BTC, 2, 4,
                    new BigDecimal("0.0001"), BigDecimal.ONE, new BigDecimal("100")))));
            for (int second = 0; second < 5; second++) {
                Instant at = BacktestFixture.T0.plusSeconds(second);
                for (int i = 0; i < perSecond; i++) {
                    out.write(new MarketEvent.Trade(at, BTC, second * perSecond + i + 1L, at, new BigDecimal("100"),
                            new BigDecimal("0.01"), Side.BUY));
                }
            }
        }
        List<Long> tids = new CopyOnWriteArrayList<>();
        BacktestFixture.run(recording, dir.resolve("report"), null, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&delay=1000")
                        .process(e -> tids.add(e.getMessage().getBody(Trade.class).tid()));
            }
        }, component -> { });
        // The first poll, at second 1, starts after the newest trade (240); the next ones deliver seconds 2 to 4.
        assertThat(tids).containsExactlyElementsOf(LongStream.rangeClosed(2L * perSecond + 1, 5L * perSecond)
                .boxed().toList());
    }
}
