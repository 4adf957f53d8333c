package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.Message;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static com.camelexchange.paper.BacktestFixture.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * K-lines in a backtest, served from the recording's candle lines: a streaming and a polling kline consumer get each
 * closed candle of their type once, oldest first, as it closes by the recording's time (not the candles recorded
 * before the run, nor the one still open at its end), with the body and headers of a live one; a producer's read is
 * answered as the exchange answers, the latest {@code size} candles from {@code since}, oldest first, the open one as
 * last recorded.
 */
class BacktestKlineTest {
    @TempDir
    Path dir;

    /**
     * Three closed 1-minute candles before T0 (closes 90, 91, 92) and a 5-minute one, all recorded at T0; then, every
     * 20 s over 5 minutes (i = 0..14), the candle of the running minute m = i / 3 as it stands: close 100 + i, so
     * minute m closes at 100 + 3m + 2.
     */
    private Path recording() throws IOException {
        Path file = dir.resolve("klines.jsonl");
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    new BigDecimal("1"), new BigDecimal("100")))));
            for (int m = 3; m >= 1; m--) {
                out.write(candle(T0, KlineType.MIN_1, T0.minusSeconds(60L * m), 93 - m));
            }
            out.write(candle(T0, KlineType.MIN_5, T0.minusSeconds(300), 80));
            for (int i = 0; i < 15; i++) {
                out.write(candle(T0.plusSeconds(20L * i), KlineType.MIN_1, T0.plusSeconds(60L * (i / 3)), 100 + i));
            }
        }
        return file;
    }

    private static MarketEvent.Candle candle(Instant at, KlineType type, Instant openTime, int close) {
        BigDecimal price = BigDecimal.valueOf(close);
        return new MarketEvent.Candle(at, BTC, type, openTime, price, price, price, price, BigDecimal.ONE);
    }

    @Test
    void consumersGetEachClosedCandleOnceAndReadsAreAnsweredFromTheRecording() throws Exception {
        Path recording = recording();
        List<String> streamed = new CopyOnWriteArrayList<>();
        List<String> polled = new CopyOnWriteArrayList<>();
        List<String> latestThree = new CopyOnWriteArrayList<>();
        List<String> sinceTwoMinutesBefore = new CopyOnWriteArrayList<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:kline?market=" + BTC + "&type=1min&streaming=true").routeId("streamed")
                            .process(e -> streamed.add(describe(e.getMessage().getBody(Candle.class)) + " "
                                    + e.getMessage().getHeader(ExchangeConstants.KLINE_TYPE) + " "
                                    + e.getMessage().getHeader(ExchangeConstants.MARKET) + " "
                                    + e.getMessage().getHeader(ExchangeConstants.OPERATION)))
                            .to("exchange:kline?market=" + BTC + "&type=1min&size=3")
                            .process(e -> latestThree.add(describe(e.getMessage())))
                            .to("exchange:kline?market=" + BTC + "&type=1min&since="
                                + T0.minusSeconds(120).toEpochMilli())
                            .process(e -> sinceTwoMinutesBefore.add(describe(e.getMessage())));
                    from("exchange:kline?market=" + BTC + "&type=1min&delay=60000").routeId("polled")
                            .process(e -> polled.add(describe(e.getMessage().getBody(Candle.class))));
                }
            }, component -> { });
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        assertThat(streamed).containsExactly(
                "00:00 102 1min btc_usdt kline", "00:01 105 1min btc_usdt kline", "00:02 108 1min btc_usdt kline",
                "00:03 111 1min btc_usdt kline");
        assertThat(polled).containsExactly("00:00 102", "00:01 105", "00:02 108", "00:03 111");
        // Read when minute m closed, at the first line of minute m + 1: that one is open, as last recorded.
        assertThat(latestThree).containsExactly("23:59 92, 00:00 102, 00:01 103", "00:00 102, 00:01 105, 00:02 106",
                "00:01 105, 00:02 108, 00:03 109", "00:02 108, 00:03 111, 00:04 112");
        assertThat(sinceTwoMinutesBefore.get(0)).isEqualTo("23:58 91, 23:59 92, 00:00 102, 00:01 103");
        assertThat(sinceTwoMinutesBefore).hasSize(4);
    }

    /**
     * A backtest keeps no position in a {@code stateRepository}: two runs of the same routes, with the same
     * repository, deliver the same candles (a position kept from the first would make the second start at its end).
     */
    @Test
    void twoRunsWithOneStateRepositoryDeliverTheSameCandles() throws Exception {
        Path recording = recording();
        MemoryStateRepository positions = new MemoryStateRepository();
        List<List<String>> runs = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            List<String> delivered = new CopyOnWriteArrayList<>();
            BacktestFixture.run(recording, dir.resolve("report-" + run), null, new RouteBuilder() {
                @Override
                public void configure() {
                    getContext().getRegistry().bind("positions", positions);
                    from("exchange:kline?market=" + BTC + "&type=1min&streaming=true&stateRepository=#positions")
                            .process(e -> delivered.add("streamed " + describe(e.getMessage().getBody(Candle.class))));
                    from("exchange:kline?market=" + BTC + "&type=1min&delay=60000&stateRepository=#positions")
                            .process(e -> delivered.add("polled " + describe(e.getMessage().getBody(Candle.class))));
                }
            }, component -> { });
            runs.add(delivered);
        }
        assertThat(runs.get(0)).hasSize(8).containsAll(List.of("streamed 00:00 102", "polled 00:03 111"));
        assertThat(runs.get(1)).isEqualTo(runs.get(0));
    }

    private static String describe(Candle candle) {
        return candle.openTime().toString().substring(11, 16) + " " + candle.close().toPlainString();
    }

    /** A producer's K-line read: its candles in the body, the coins' names in headers. */
    @SuppressWarnings("unchecked")
    private static String describe(Message reply) {
        assertThat(reply.getHeader(ExchangeConstants.KLINE_SYMBOL)).isEqualTo("btc");
        assertThat(reply.getHeader(ExchangeConstants.KLINE_MONEY_TYPE)).isEqualTo("usdt");
        return String.join(", ", ((List<Candle>) reply.getBody(List.class)).stream()
                .map(BacktestKlineTest::describe).toList());
    }
}
