package com.camelexchange.simulator.replay;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a recording one line at a time, so a file of any length replays in little memory. Blank lines are
 * skipped, and so are lines of a kind this version does not know (counted). A line longer than
 * {@value #MAX_LINE} characters, one whose bytes are not UTF-8, or one that is not a well-formed line of a known
 * kind, is refused with a {@link RecordingFormatException} naming the line; every line before it was given whole.
 * Not thread-safe.
 */
public final class RecordingReader implements MarketEventSource {
    /** The longest line read: a depth line of 1000 levels a side is about 100 KB. */
    public static final int MAX_LINE = 1 << 20;
    private static final char BYTE_ORDER_MARK = '\uFEFF';

    private final LineSource lines;
    /** The file read, for {@link #where}; null when read from a stream. */
    private Path file;
    private long lineNumber;
    private long unknown;

    /** Reads the lines of a text already decoded. */
    public RecordingReader(Reader in) {
        this.lines = new TextLines(in);
    }

    /** Reads the lines of UTF-8 bytes, each line decoded on its own (see {@link #open}). */
    public RecordingReader(InputStream in) {
        this.lines = new Utf8Lines(in);
    }

    /**
     * Opens a recording file (UTF-8). Its lines are split on the bytes and each is decoded on its own, so that a byte
     * that is not UTF-8 stops the reading at its own line, after every line before it.
     */
    public static RecordingReader open(Path file) throws IOException {
        RecordingReader reader = new RecordingReader(Files.newInputStream(file));
        reader.file = file;
        return reader;
    }

    /** The next event, or null at the end of the recording. */
    @Override
    public MarketEvent next() throws IOException {
        String line;
        while ((line = line()) != null) {
            String text = line.strip();
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

    /** The next line's text, null at the end; the line refused is the one read last. */
    private String line() throws IOException {
        String line;
        try {
            line = lines.next(lineNumber + 1);
        } catch (RecordingFormatException refused) {
            lineNumber++;
            throw refused;
        }
        if (line != null) {
            lineNumber++;
        }
        return line;
    }

    /** The number of the line read last, from 1. */
    public long lineNumber() {
        return lineNumber;
    }

    /** {@link #lineNumber()}. */
    @Override
    public long position() {
        return lineNumber;
    }

    @Override
    public String where(long position) {
        return "line " + position + (file == null ? "" : " of " + file);
    }

    /** Lines skipped because their kind is not one this version knows. */
    public long unknownKinds() {
        return unknown;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
