package com.camelexchange.simulator.replay;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a recording one line at a time, so a file of any length replays in little memory. Blank lines are
 * skipped, and so are lines of a kind this version does not know (counted). A line longer than
 * {@value #MAX_LINE} characters, or one that is not a well-formed line of a known kind, is refused with a
 * {@link RecordingFormatException} naming the line. Not thread-safe.
 */
public final class RecordingReader implements Closeable {
    /** The longest line read: a depth line of 1000 levels a side is about 100 KB. */
    public static final int MAX_LINE = 1 << 20;
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final BufferedReader in;
    private final StringBuilder line = new StringBuilder();
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private long lineNumber;
    private long unknown;

    public RecordingReader(Reader in) {
        this.in = in instanceof BufferedReader buffered ? buffered : new BufferedReader(in);
    }

    /** Opens a recording file (UTF-8). */
    public static RecordingReader open(Path file) throws IOException {
        return new RecordingReader(Files.newBufferedReader(file, StandardCharsets.UTF_8));
    }

    /** The next event, or null at the end of the recording. */
    public MarketEvent next() throws IOException {
        while (readLine()) {
            String text = line.toString().strip();
            if (lineNumber == 1 && !text.isEmpty() && text.charAt(0) == BYTE_ORDER_MARK) {
                text = text.substring(1).strip();
            }
            if (text.isEmpty()) {
                continue;
            }
            MarketEvent event = RecordingFormat.parse(text, lineNumber);
            if (event != null) {
                return event;
            }
            unknown++;
        }
        return null;
    }

    /** The number of the line read last, from 1. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Lines skipped because their kind is not one this version knows. */
    public long unknownKinds() {
        return unknown;
    }

    /**
     * Reads up to the next line break into {@link #line}; false at the end of the input. Scans a buffer of its own
     * rather than reading a character at a time: a reader's {@code read()} takes a lock per call, which made the
     * per-character loop the slowest part of reading a long recording.
     */
    private boolean readLine() throws IOException {
        line.setLength(0);
        if (position == limit && !fill()) {
            return false;
        }
        lineNumber++;
        while (true) {
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            int length = position - start;
            if (line.length() + length > MAX_LINE) {
                throw new RecordingFormatException(lineNumber, "longer than " + MAX_LINE + " characters");
            }
            line.append(buffer, start, length);
            if (position < limit) {
                position++; // the line break
                return true;
            }
            if (!fill()) {
                return true;
            }
        }
    }

    /** Reads the next chunk into {@link #buffer}; false at the end of the input. */
    private boolean fill() throws IOException {
        int read;
        do {
            read = in.read(buffer, 0, buffer.length);
        } while (read == 0);
        if (read < 0) {
            position = 0;
            limit = 0;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
