package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A small recording of btc_usdt for replay tests: two minutes of books, trades, a ticker and a candle,
 * written with {@link RecordingWriter}.
 */
final class RecordedMarket {
    static final Instant START = Instant.parse("2026-11-25T08:00:00Z");
    static final String BTC = "btc_usdt";
    static final MarketSpec BTC_SPEC = new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"), BigDecimal.ONE,
            BigDecimal.ZERO);

    final List<MarketEvent.Trade> trades = new ArrayList<>();
    final List<MarketEvent> events = new ArrayList<>();

    static Instant at(long millis) {
        return START.plus(Duration.ofMillis(millis));
    }

    RecordedMarket() {
        events.add(new MarketEvent.Markets(START, List.of(BTC_SPEC)));
        book(0, "59990.00", "60000.00");
        events.add(new MarketEvent.Ticker(at(100), BTC, new BigDecimal("61000.00"), new BigDecimal("59000.00"),
                new BigDecimal("59990.00"), new BigDecimal("60000.00"), new BigDecimal("60000.00"),
                new BigDecimal("812.3456"), at(90)));
        trade(1_000, 7001, "60000.00", "0.0100", Side.BUY);
        trade(2_000, 7002, "59990.00", "0.0200", Side.SELL);
        book(5_000, "59980.00", "59995.00");
        trade(10_000, 7003, "59979.00", "0.5000", Side.SELL);
        trade(10_000, 7004, "59975.50", "0.0300", Side.SELL);
        // The exchange's own candle: it saw trades before the recording began, so it differs from the trades'.
        events.add(new MarketEvent.Candle(at(20_000), BTC, KlineType.MIN_1, START, new BigDecimal("60001.00"),
                new BigDecimal("60010.00"), new BigDecimal("59975.50"), new BigDecimal("59975.50"),
                new BigDecimal("1.5600")));
        book(30_000, "60050.00", "60060.00");
        trade(40_000, 7005, "60070.00", "0.2500", Side.BUY);
        trade(61_000, 7006, "60100.00", "1.0000", Side.BUY);
        book(90_000, "60100.00", "60110.00");
        trade(120_000, 7007, "60000.00", "0.0500", Side.SELL);
    }

    /** A book of three levels a side around the best bid and ask. */
    private void book(long millis, String bid, String ask) {
        BigDecimal b = new BigDecimal(bid);
        BigDecimal a = new BigDecimal(ask);
        List<PriceLevel> bids = List.of(level(b, "0.3000"), level(b.subtract(BigDecimal.TEN), "0.4000"),
                level(b.subtract(new BigDecimal("100")), "2.0000"));
        List<PriceLevel> asks = List.of(level(a, "0.3000"), level(a.add(BigDecimal.TEN), "0.4000"),
                level(a.add(new BigDecimal("100")), "2.0000"));
        events.add(new MarketEvent.Depth(at(millis), BTC, asks, bids, at(millis).minusMillis(millis % 1000)));
    }

    private static PriceLevel level(BigDecimal price, String amount) {
        return new PriceLevel(price.setScale(2), new BigDecimal(amount));
    }

    private void trade(long millis, long tid, String price, String amount, Side taker) {
        MarketEvent.Trade trade = new MarketEvent.Trade(at(millis), BTC, tid, at(millis - 50),
                new BigDecimal(price), new BigDecimal(amount), taker);
        trades.add(trade);
        events.add(trade);
    }

    Path writeTo(Path file) {
        try (RecordingWriter writer = RecordingWriter.create(file)) {
            for (MarketEvent event : events) {
                writer.write(event);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
