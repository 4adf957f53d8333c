package com.camelexchange.simulator.replay;

/** A line of a recording that cannot be read: what is wrong, and on which line. */
public final class RecordingFormatException extends IllegalArgumentException {
    private final long line;

    RecordingFormatException(long line, String problem) {
        super("Recording line " + line + ": " + problem);
        this.line = line;
    }

    RecordingFormatException(long line, String problem, Throwable cause) {
        super("Recording line " + line + ": " + problem, cause);
        this.line = line;
    }

    /** The line number, from 1; 0 when the data was not read from a file. */
    public long line() {
        return line;
    }
}
