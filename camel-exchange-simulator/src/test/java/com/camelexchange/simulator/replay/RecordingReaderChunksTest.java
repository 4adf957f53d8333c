package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.market.Side;
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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The reader finds lines wherever the input's chunks end: a line split across reads (or across its own buffer), a
 * Windows line end, a last line without a line break, and the line numbers of what it refuses stay exact.
 */
class RecordingReaderChunksTest {
    private static final Instant AT = Instant.parse("2024-01-01T00:00:00Z");

    @Test
    void linesSplitAcrossReadsOfAnySizeReadBackEqual() throws IOException {
        List<MarketEvent> events = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            events.add(new MarketEvent.Trade(AT.plusMillis(i), "btc_usdt", i + 1, AT.plusMillis(i),
                    new BigDecimal("60000.10").add(BigDecimal.valueOf(i)), new BigDecimal("0.0100"), Side.SELL));
        }
        StringWriter out = new StringWriter();
        try (RecordingWriter writer = new RecordingWriter(out)) {
            for (MarketEvent event : events) {
                writer.write(event);
            }
        }
        // Windows line ends, no line break after the last line: both are read as any other.
        String text = out.toString().replace("\n", "\r\n").stripTrailing();
        for (int chunk : new int[] {1, 7, 8191, 8192, 8193, 100_000}) {
            try (RecordingReader reader = new RecordingReader(new Chunks(new StringReader(text), chunk))) {
                for (MarketEvent event : events) {
                    assertThat(reader.next()).as("read %d characters at a time", chunk).isEqualTo(event);
                }
                assertThat(reader.next()).isNull();
                assertThat(reader.lineNumber()).isEqualTo(events.size());
            }
        }
    }

    @Test
    void aLineTooLongIsRefusedWithItsNumberWhereverTheReadsEnd() {
        String text = "\n\n" + "x".repeat(RecordingReader.MAX_LINE + 1) + "\n";
        assertThatThrownBy(() -> {
            try (RecordingReader reader = new RecordingReader(new Chunks(new StringReader(text), 8193))) {
                reader.next();
            }
        }).isInstanceOf(RecordingFormatException.class).hasMessageStartingWith("Recording line 3: longer than");
    }

    /** A reader that gives at most {@code size} characters a read, as a slow stream may. */
    private static final class Chunks extends FilterReader {
        private final int size;

        Chunks(Reader in, int size) {
            super(in);
            this.size = size;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            return super.read(buffer, offset, Math.min(length, size));
        }
    }
}
