package com.camelexchange.paper;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingReader;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.junit.jupiter.api.Test;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the read-ahead holds is bounded by the books' sizes too, not by a count of events alone: of a recording of
 * books 1000 levels a side, it reads a few dozen ahead and waits, where 256 a batch would have held them all.
 */
class ReadAheadTest {
    private static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");
    private static final int BOOKS = 200;
    private static final int LEVELS = 1000;

    @Test
    void bigBooksAreReadAheadByTheirLevelsNotByTheirCount() throws Exception {
        StringWriter text = new StringWriter();
        try (RecordingWriter out = new RecordingWriter(text)) {
            for (int i = 0; i < BOOKS; i++) {
                List<PriceLevel> asks = new ArrayList<>();
                List<PriceLevel> bids = new ArrayList<>();
                for (int level = 1; level <= LEVELS; level++) {
                    asks.add(new PriceLevel(BigDecimal.valueOf(30_000 + level), BigDecimal.ONE));
                    bids.add(new PriceLevel(BigDecimal.valueOf(30_000 - level), BigDecimal.ONE));
                }
                Instant at = T0.plusSeconds(i);
                out.write(new MarketEvent.Depth(at, "btc_usdt", asks, bids, at));
            }
        }
        String recording = text.toString();
        long perBook = recording.length() / BOOKS;
        Counting counted = new Counting(new StringReader(recording));
        ReadAhead ahead = new ReadAhead(new RecordingReader(counted));
        try {
            Await.until(60, "the read-ahead waits for room", () -> Thread.getAllStackTraces().keySet().stream()
                    .noneMatch(t -> t.getName().equals(ReadAhead.THREAD_NAME) && t.getState() != Thread.State.WAITING));
            // A queue of 4 batches and one in hand, each closed at 8192 levels: 5 books of 2000 levels a batch.
            assertThat(counted.read.get() / perBook).as("books read ahead").isBetween(20L, 30L);
            for (int i = 0; i < BOOKS; i++) {
                assertThat(ahead.next().at()).isEqualTo(T0.plusSeconds(i));
                assertThat(ahead.lineNumber()).isEqualTo(i + 1);
            }
            assertThat(ahead.next()).isNull();
        } finally {
            ahead.close();
        }
    }

    /** Counts the characters read from it. */
    private static final class Counting extends FilterReader {
        final AtomicLong read = new AtomicLong();

        Counting(Reader in) {
            super(in);
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                read.addAndGet(n);
            }
            return n;
        }
    }
}
