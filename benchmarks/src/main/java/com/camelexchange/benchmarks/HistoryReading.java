package com.camelexchange.benchmarks;

import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.MarketEventSource;
import com.camelexchange.simulator.replay.RecordingReader;
import com.camelexchange.simulator.replay.RecordingWriter;
import com.camelexchange.simulator.replay.TardisMarkets;
import com.camelexchange.simulator.replay.TardisReader;
import com.camelexchange.simulator.replay.TardisWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The history section: how fast Tardis.dev CSV history is read into the events a backtest applies, against this
 * project's own recording format holding the same events. The section's recording ({@link BacktestRecording}: a book
 * of 10 levels a side and a trade a second; its tickers, which Tardis CSV has no file for, left out) is written as
 * gzipped Tardis CSV ({@code trades} and {@code book_snapshot_10}, one file per day: several days merged) and, from
 * those files, in the own format, so both hold the same events. Each is read to its end, the events counted, as the
 * backtest's read-ahead thread reads them; after a read of each unmeasured, {@code historyRounds} rounds alternate
 * which goes first, and the figures are medians. Prints
 * {@code history: format=tardis events=N eventsPerSecond=R ratioToOwnFormat=X}.
 *
 * <p>System properties: {@code historyEvents} (600000: a trade and a book a second, about seven days),
 * {@code historyRounds} (3).
 */
public final class HistoryReading {
    private static final long EVENTS = Long.getLong("historyEvents", 600_000);
    private static final int ROUNDS = Integer.getInteger("historyRounds", 3);

    private HistoryReading() {
    }

    /**
     * What was measured.
     *
     * @param events       the events of market data each format holds
     * @param tardisRate   Tardis CSV's events read a second (median)
     * @param ownRate      the own format's events read a second (median)
     * @param ratio        the median of the rounds' Tardis-to-own ratios
     */
    public record Measured(long events, double tardisRate, double ownRate, double ratio) {
        /** {@code history: format=tardis events=N eventsPerSecond=R ratioToOwnFormat=X}. */
        public String line() {
            return String.format(Locale.ROOT, "history: format=tardis events=%d eventsPerSecond=%d"
                                              + " ratioToOwnFormat=%.2f", events, Math.round(tardisRate), ratio);
        }
    }

    /** The section's lines: the figure, then the own format's and how it was made. */
    static List<String> run(Path dir) throws Exception {
        Measured measured = measure(dir, EVENTS, ROUNDS);
        return List.of(measured.line(), String.format(Locale.ROOT, "(own format: %d events/s; gzipped Tardis CSV,"
                + " trades and book_snapshot_10 files a day, against the own JSON-lines format of the same events;"
                + " medians of %d rounds)", Math.round(measured.ownRate()), ROUNDS));
    }

    /**
     * Measures the reading of {@code events} events in both formats, its files written into {@code dir}: for a
     * caller such as the sweep section, which prints {@link Measured#line()}.
     */
    public static Measured measure(Path dir, long events, int rounds) throws IOException {
        Files.createDirectories(dir);
        Path tardis = dir.resolve("tardis");
        if (Files.exists(tardis)) {
            try (Stream<Path> old = Files.list(tardis)) {
                for (Path file : old.toList()) {
                    Files.delete(file);
                }
            }
        }
        // The recording has a ticker beside each book and trade: 3 lines a second for the 2 events read here.
        Path recording = BacktestRecording.write(dir.resolve("history-recording.jsonl"), events / 2 * 3);
        TardisWriter.Written written = TardisWriter.write(recording, tardis,
                new TardisWriter.Options("camel-exchange", 10, false, true));
        TardisMarkets markets = TardisMarkets.parse(written.replayMarkets());
        Path own = dir.resolve("history-own.jsonl");
        try (TardisReader in = TardisReader.open(tardis, markets); RecordingWriter out = RecordingWriter.create(own)) {
            MarketEvent event;
            while ((event = in.next()) != null) {
                out.write(event);
            }
        }
        long count = read(TardisReader.open(tardis, markets));
        long ownCount = read(RecordingReader.open(own));
        if (count != ownCount) {
            throw new IllegalStateException("The two formats hold " + count + " and " + ownCount + " events");
        }
        double[] tardisRates = new double[rounds];
        double[] ownRates = new double[rounds];
        double[] ratios = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            if (round % 2 == 0) {
                tardisRates[round] = rate(() -> TardisReader.open(tardis, markets), count);
                ownRates[round] = rate(() -> RecordingReader.open(own), count);
            } else {
                ownRates[round] = rate(() -> RecordingReader.open(own), count);
                tardisRates[round] = rate(() -> TardisReader.open(tardis, markets), count);
            }
            ratios[round] = tardisRates[round] / ownRates[round];
        }
        return new Measured(count, median(tardisRates), median(ownRates), median(ratios));
    }

    private interface Opener {
        MarketEventSource open() throws IOException;
    }

    private static double rate(Opener opener, long count) throws IOException {
        long started = System.nanoTime();
        long read = read(opener.open());
        long nanos = System.nanoTime() - started;
        if (read != count) {
            throw new IllegalStateException("Read " + read + " events of " + count);
        }
        return count / (nanos / 1e9);
    }

    /** Reads a source to its end; the events of market data it gave (its markets left out). */
    private static long read(MarketEventSource source) throws IOException {
        long events = 0;
        try (source) {
            MarketEvent event;
            while ((event = source.next()) != null) {
                if (!(event instanceof MarketEvent.Markets)) {
                    events++;
                }
            }
        }
        return events;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
