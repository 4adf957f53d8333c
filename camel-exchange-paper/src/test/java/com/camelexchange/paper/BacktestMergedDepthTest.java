package com.camelexchange.paper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static com.camelexchange.paper.BacktestFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A depth read with {@code merge} in a backtest gets the recorded book merged as the exchange merges one: buckets of
 * the step, bids rounded down and asks up, at most five a side.
 */
class BacktestMergedDepthTest {
    @TempDir
    Path dir;

    @Test
    void aMergedDepthReadGetsTheRecordedBookInBucketsOfTheStep() throws Exception {
        Path recording = dir.resolve("merged.jsonl");
        try (RecordingWriter out = RecordingWriter.create(recording)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("100")))));
            List<com.camelexchange.simulator.engine.PriceLevel> asks = levels("100.20", "100.70", "101.30", "102.10",
                    "103.50", "104.90", "105.20");
            List<com.camelexchange.simulator.engine.PriceLevel> bids = levels("99.90", "99.40", "98.60");
            out.write(new MarketEvent.Depth(T0, BTC, asks, bids, T0));
            out.write(new MarketEvent.Trade(T0, BTC, 1, T0, new BigDecimal("99.90"), new BigDecimal("0.01"),
                    Side.SELL));
        }
        List<Depth> reads = new CopyOnWriteArrayList<>();
        BacktestFixture.run(recording, dir.resolve("report"), null, new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true")
                        .to("exchange:depth?market=" + BTC + "&merge=1")
                        .process(e -> reads.add(e.getMessage().getBody(Depth.class)));
            }
        }, component -> { });

        assertThat(reads).hasSize(1);
        assertThat(text(reads.get(0).asks())).containsExactly("101 2", "102 1", "103 1", "104 1", "105 1");
        assertThat(text(reads.get(0).bids())).containsExactly("99 2", "98 1");
    }

    private static List<com.camelexchange.simulator.engine.PriceLevel> levels(String... prices) {
        return java.util.Arrays.stream(prices)
                .map(p -> new com.camelexchange.simulator.engine.PriceLevel(new BigDecimal(p), BigDecimal.ONE))
                .toList();
    }

    private static List<String> text(List<PriceLevel> levels) {
        return levels.stream().map(l -> l.price().stripTrailingZeros().toPlainString() + " "
                + l.amount().stripTrailingZeros().toPlainString()).toList();
    }
}
