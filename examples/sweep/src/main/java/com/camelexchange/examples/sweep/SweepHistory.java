package com.camelexchange.examples.sweep;

import com.camelexchange.examples.javapaper.MarketRecorder;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one place the example's history is made: the simulator's synthetic btc_usdt market, stepped a second at a
 * time as fast as the machine goes and written in the recording format {@code replayFrom} reads
 * ({@link MarketRecorder}, seed fixed: the same history every run). A sweep takes any history a backtest takes, so
 * this is the only piece to change for another source of history.
 */
final class SweepHistory {
    /** The synthetic traders' seed. */
    static final long SEED = 29;
    /** Recorded events per second of market time, about: a book, a ticker and the second's trades. */
    private static final long EVENTS_PER_SECOND = 3;

    private SweepHistory() {
    }

    /** Writes about {@code days} days of market time into {@code dir}; returns the recording. */
    static Path write(Path dir, double days, PrintStream out) throws IOException {
        long events = Math.max(1, Math.round(days * 86_400 * EVENTS_PER_SECOND));
        Path recording = dir.resolve("market.jsonl");
        long started = System.nanoTime();
        MarketRecorder.Recorded recorded = new MarketRecorder(SEED).record(recording, events);
        out.printf(Locale.ROOT, "History: %,d events, %.1f days of the simulator's %s market (seed %d), %,d MB, in"
                        + " %.1f s: %s%n", recorded.events(), recorded.marketTime().toSeconds() / 86_400.0,
                MarketRecorder.MARKET, SEED, Files.size(recording) / 1_000_000, (System.nanoTime() - started) / 1e9,
                recording.toAbsolutePath());
        return recording;
    }
}
