package com.camelexchange.simulator.replay;

import java.io.Closeable;
import java.io.IOException;

/**
 * Where a backtest takes its events from, in the order they are applied: a recording of this project
 * ({@link RecordingReader}) or a data vendor's history ({@link TardisReader}). Its markets come first, as
 * {@link MarketEvent.Markets} events. Not thread-safe.
 */
public interface MarketEventSource extends Closeable {
    /**
     * The next event, or null at the end.
     *
     * @throws IllegalArgumentException (a {@link RecordingFormatException} or {@link TardisFormatException}) naming
     *                                  the line that cannot be read; every event before it was given
     */
    MarketEvent next() throws IOException;

    /** Where the event given last stands (or the line refused), as a number {@link #where} makes readable. */
    long position();

    /** A position of {@link #position()} for people, such as {@code line 12 of trades.csv.gz}. */
    String where(long position);
}
