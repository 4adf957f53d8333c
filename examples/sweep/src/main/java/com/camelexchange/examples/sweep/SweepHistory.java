package com.camelexchange.examples.sweep;

import com.camelexchange.examples.javapaper.MarketRecorder;
import com.camelexchange.simulator.replay.TardisWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The one place the example's history is made: the simulator's synthetic btc_usdt market, stepped a second at a
 * time as fast as the machine goes ({@link MarketRecorder}, seed fixed: the same history every run), and kept as
 * traders keep theirs: Tardis.dev CSV, gzipped {@code trades} and {@code book_snapshot_10} files, one a day. The
 * sweep reads those files as a backtest's {@code replayFrom} does, with the mapping {@link TardisWriter} gives.
 */
final class SweepHistory {
    /** The synthetic traders' seed. */
    static final long SEED = 29;
    /** Recorded events per second of market time, about: a book, a ticker and the second's trades. */
    private static final long EVENTS_PER_SECOND = 3;
    /** The recorder's books have 10 levels a side: book_snapshot_10 keeps each whole. */
    private static final int LEVELS = 10;

    /** Tardis CSV files in {@code directory}; {@code replayMarkets} maps their symbol to the market. */
    record History(Path directory, String replayMarkets) {
    }

    private SweepHistory() {
    }

    /** Writes about {@code days} days of market time into {@code dir}, as Tardis CSV. */
    static History write(Path dir, double days, PrintStream out) throws IOException {
        long events = Math.max(1, Math.round(days * 86_400 * EVENTS_PER_SECOND));
        Path tardis = emptied(dir.resolve("tardis"));
        Path recording = dir.resolve("market.jsonl");
        long started = System.nanoTime();
        MarketRecorder.Recorded recorded = new MarketRecorder(SEED).record(recording, events);
        TardisWriter.Written written = TardisWriter.write(recording, tardis,
                new TardisWriter.Options("camel-exchange", LEVELS, false, true));
        Files.delete(recording);
        long bytes = 0;
        for (Path file : written.files()) {
            bytes += Files.size(file);
        }
        out.printf(Locale.ROOT, "History: %.1f days of the simulator's %s market (seed %d) as Tardis CSV: %,d trades,"
                        + " %,d books (tickers left out: %,d) in %d gzipped files, %,d MB, in %.1f s: %s%n",
                recorded.marketTime().toSeconds() / 86_400.0, MarketRecorder.MARKET, SEED, written.trades(),
                written.books(), written.skipped(), written.files().size(), bytes / 1_000_000,
                (System.nanoTime() - started) / 1e9, tardis.toAbsolutePath());
        return new History(tardis, written.replayMarkets());
    }

    private static Path emptied(Path directory) throws IOException {
        if (Files.exists(directory)) {
            try (Stream<Path> walk = Files.walk(directory)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(directory);
    }
}
