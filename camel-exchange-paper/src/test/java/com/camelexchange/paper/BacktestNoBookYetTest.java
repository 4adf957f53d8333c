package com.camelexchange.paper;

import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
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

import static com.camelexchange.paper.BacktestFixture.BTC;
import static com.camelexchange.paper.BacktestFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36: in a backtest whose recording has no book before a market's first order, the paper module warned that
 * "the live book of btc_usdt could not be read": nothing is live there. It says once what it means in a backtest, at
 * INFO, and no warning.
 */
class BacktestNoBookYetTest {
    @TempDir
    Path dir;

    @Test
    void anOrderBeforeTheRecordingsFirstBookIsToldOnceAsABacktestsOwn() throws Exception {
        Path recording = dir.resolve("trades-only.jsonl");
        try (RecordingWriter out = RecordingWriter.create(recording)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    BigDecimal.ONE, new BigDecimal("100")))));
            for (int i = 0; i < 5; i++) {
                Instant at = T0.plusSeconds(i);
                out.write(new MarketEvent.Trade(at, BTC, i + 1, at, new BigDecimal("100"), new BigDecimal("0.01"),
                        Side.SELL));
            }
        }
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"), null,
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true").routeId("strategy")
                                .setBody(e -> OrderRequest.limit(BTC, OrderSide.BUY, "90", "0.02"))
                                .to("exchange:order");
                    }
                }, component -> { }));
        assertThat(log.lines("WARN", MarketFollowing.class)).as(log.toString()).isEmpty();
        assertThat(log.lines("INFO", MarketFollowing.class)).as(log.toString()).singleElement().asString()
                .contains("Backtest: the recording has no book of btc_usdt before its first order");
        assertThat(log.toString()).doesNotContain("live book");
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("orders=5 "));
        assertThat(log.hasStackTrace()).as(log.toString()).isFalse();
    }
}
