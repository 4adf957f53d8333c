package com.camelexchange.examples.javapaper;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.engine.DepthSnapshot;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.engine.TickerSnapshot;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Trade;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Records the simulator's synthetic market as fast as the machine goes, not in real time: its traders act one step
 * at a time on a clock that only this class moves ({@link MutableClock}, one second a step), and after each step
 * the market's new trades, its book and its ticker are written as a recording (the format {@code recordTo} writes
 * and {@code replayFrom} reads). Nothing listens on a port: the simulator's engine is read in process.
 */
public final class MarketRecorder {
    public static final String MARKET = "btc_usdt";
    /** The recording's first second; fixed, so that a seed gives the same file every run. */
    public static final Instant START = Instant.parse("2026-01-05T00:00:00Z");
    /** Levels a side in each recorded book, as a depth consumer with {@code size=10} receives it. */
    public static final int BOOK_LEVELS = 10;
    private static final Duration STEP = Duration.ofSeconds(1);

    private final long seed;

    public MarketRecorder(long seed) {
        this.seed = seed;
    }

    /** What was recorded: the lines after the markets line, and the market time they cover. */
    public record Recorded(Path file, long events, long steps, Duration marketTime) {
    }

    /** Writes at least {@code events} events of {@link #MARKET} (books, trades, tickers) to {@code file}. */
    public Recorded record(Path file, long events) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        MutableClock clock = new MutableClock(START);
        MarketSpec btc = Markets.defaults().stream().filter(m -> m.name().equals(MARKET)).findFirst().orElseThrow();
        // No timer: the traders act only when stepped. No past trades: the recording starts with its first step.
        ExchangeSimulator simulator = ExchangeSimulator.builder().seed(seed).clock(clock).activity(false)
                .history(false).markets(List.of(btc)).build();
        SimulatedExchange market = simulator.exchange();
        long written = 0;
        long steps = 0;
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(clock.instant(), List.of(btc)));
            long lastTid = lastTid(market);
            while (written < events) {
                clock.advance(STEP);
                simulator.activity().step();
                steps++;
                Instant at = clock.instant();
                for (Trade trade : market.tradesAfter(MARKET, lastTid)) {
                    out.write(new MarketEvent.Trade(at, MARKET, trade.tid(), Instant.ofEpochMilli(trade.epochMillis()),
                            trade.price(), trade.amount(), trade.takerSide()));
                    lastTid = trade.tid();
                    written++;
                }
                DepthSnapshot book = market.depth(MARKET, BOOK_LEVELS, null);
                out.write(new MarketEvent.Depth(at, MARKET, book.asks(), book.bids(), at));
                TickerSnapshot ticker = market.ticker(MARKET);
                out.write(new MarketEvent.Ticker(at, MARKET, ticker.high(), ticker.low(), ticker.buy(), ticker.sell(),
                        ticker.last(), ticker.vol(), at));
                written += 2;
            }
        }
        return new Recorded(file, written, steps, STEP.multipliedBy(steps));
    }

    private static long lastTid(SimulatedExchange market) {
        Trade last = market.lastTrade(MARKET);
        return last == null ? -1 : last.tid();
    }
}
