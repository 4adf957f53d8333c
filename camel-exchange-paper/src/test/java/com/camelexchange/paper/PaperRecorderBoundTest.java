package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The recorder's queue is bounded by the pieces of data it holds (trades, candles, book levels), not by the replies
 * and pushes that carry them: a K-line reply of many candles takes as much room as that many trades.
 */
class PaperRecorderBoundTest {

    @TempDir
    Path dir;

    @Test
    void whatWaitsToBeWrittenIsBoundedByTradesCandlesAndLevels() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            for (int i = 0; i < 5; i++) {
                live.trade("59500.00", "0.01", Side.SELL);
            }
            paper.account();
            LiveMarket market = paper.paperExchange().live();
            List<Trade> trades = market.trades(BTC);
            Depth depth = market.depth(BTC);
            assertThat(trades).hasSize(5);
            assertThat(depth.asks().size() + depth.bids().size()).isEqualTo(5);

            // A new file starts with the markets line: while the markets cannot be read, nothing is written.
            live.simulator().faults().inject("markets", Fault.http500(), 1_000_000);
            MarketRecorder recorder = MarketRecorder.open(dir.resolve("bounded.jsonl"), market, 10);
            try {
                recorder.trades(trades);
                recorder.kline(kline(6));
                recorder.depth(depth);
                recorder.ticker(ticker());
                assertThat(recorder.dropped()).as("the 6 candles (5 + 6 > 10) and the ticker (10 of 10 taken)")
                        .isEqualTo(7);

                live.simulator().faults().clear();
                Await.until(10, "the markets line, the trades and the book are written",
                        () -> recorder.written() == 1 + 5 + 1);
                recorder.kline(kline(10));
                Await.until(10, "written, room given back", () -> recorder.written() == 1 + 5 + 1 + 10);
                assertThat(recorder.dropped()).isEqualTo(7);
            } finally {
                recorder.close();
            }
        }
    }

    private static Kline kline(int candles) {
        List<Candle> list = new ArrayList<>();
        Instant open = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < candles; i++) {
            BigDecimal price = new BigDecimal("59500.00");
            list.add(new Candle(open.plusSeconds(60L * i), price, price, price, price, new BigDecimal("0.01")));
        }
        return new Kline(BTC, KlineType.MIN_1, "btc", "usdt", list);
    }

    private static Ticker ticker() {
        BigDecimal price = new BigDecimal("59500.00");
        return new Ticker(BTC, price, price, price, price, price, BigDecimal.ONE, Instant.now());
    }
}
