package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.market.KlineType;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * Writes a recording: one JSON line per piece of market data, in the order written. Thread-safe: lines of
 * concurrent writers never interleave. A replay applies lines in file order, so write them in the order
 * the data was received.
 */
public final class RecordingWriter implements Closeable, Flushable {
    private final Writer out;

    public RecordingWriter(Writer out) {
        this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out);
    }

    /** A new recording file, or an existing one emptied first (UTF-8). */
    public static RecordingWriter create(Path file) throws IOException {
        return new RecordingWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
    }

    /** Adds to the end of a recording file, creating it when there is none (UTF-8). */
    public static RecordingWriter append(Path file) throws IOException {
        return new RecordingWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND));
    }

    public synchronized void write(MarketEvent event) throws IOException {
        out.write(RecordingFormat.line(event));
        out.write('\n');
    }

    /**
     * Writes market data given as the JSON of its camel-exchange model (what Camel's JSON data format makes of
     * a {@code Trade}, {@code Depth}, {@code Ticker}, {@code Candle} or the {@code markets} map). The JSON is
     * read first, so only data a replay can read is written, then written in this format's own form.
     *
     * @param market null for {@link MarketEvent.Kind#MARKETS}
     * @param type   the K-line type of a {@link MarketEvent.Kind#CANDLE}; null otherwise
     * @throws RecordingFormatException when the JSON is not that model's
     */
    public void writeJson(Instant at, MarketEvent.Kind kind, String market, KlineType type, String dataJson)
            throws IOException {
        write(MarketEvent.fromJson(at, kind, market, type, dataJson));
    }

    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
