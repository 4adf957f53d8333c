package com.camelexchange.simulator.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a text already decoded (a {@code Reader}). Scans a buffer of its own rather than reading a character
 * at a time: a reader's {@code read()} takes a lock per call, which made the per-character loop the slowest part of
 * reading a long recording.
 */
final class TextLines implements LineSource {
    private final Reader in;
    private final StringBuilder line = new StringBuilder();
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;

    TextLines(Reader in) {
        this.in = in instanceof BufferedReader ? in : new BufferedReader(in);
    }

    @Override
    public String next(long number) throws IOException {
        line.setLength(0);
        if (position == limit && !fill()) {
            return null;
        }
        while (true) {
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int length = position - start;
            if (line.length() + length > RecordingReader.MAX_LINE) {
                throw new RecordingFormatException(number, "longer than " + RecordingReader.MAX_LINE + " characters");
            }
            line.append(buffer, start, length);
            if (position < limit) {
                position++; // the line break
                return line.toString();
            }
            if (!fill()) {
                return line.toString();
            }
        }
    }

    /** Reads the next chunk into {@link #buffer}; false at the end of the input. */
    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(buffer, 0, buffer.length);
        } while (read == 0);
        position = 0;
        limit = Math.max(read, 0);
        return read > 0;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
