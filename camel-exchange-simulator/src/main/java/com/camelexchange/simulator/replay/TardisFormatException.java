package com.camelexchange.simulator.replay;

import java.nio.file.Path;

/** A row of a Tardis CSV file that cannot be read: what is wrong, in which file, on which line and in which column. */
public final class TardisFormatException extends IllegalArgumentException {
    private final transient Path file;
    private final long line;
    private final String column;

    TardisFormatException(Path file, long line, String column, String problem) {
        super("Tardis file " + file + " line " + line + (column == null ? "" : " column " + column) + ": " + problem);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The file of the row. */
    public Path file() {
        return file;
    }

    /** The line number, from 1 (the header). */
    public long line() {
        return line;
    }

    /** The column's name in the header, null when the line as a whole is refused. */
    public String column() {
        return column;
    }
}
