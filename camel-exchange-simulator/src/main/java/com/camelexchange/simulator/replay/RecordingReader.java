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

    /** Reads up to the next line break into {@link #line}; false at the end of the input. */
    private boolean readLine() throws IOException {
        line.setLength(0);
        int c = in.read();
        if (c < 0) {
            return false;
        }
        lineNumber++;
        while (c >= 0 && c != '\n') {
            if (line.length() == MAX_LINE) {
                throw new RecordingFormatException(lineNumber, "longer than " + MAX_LINE + " characters");
            }
            line.append((char) c);
            c = in.read();
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
