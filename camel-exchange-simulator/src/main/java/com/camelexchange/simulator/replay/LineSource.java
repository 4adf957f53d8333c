package com.camelexchange.simulator.replay;

import java.io.Closeable;
import java.io.IOException;

/** Where a {@link RecordingReader} takes its lines from: the text of each, one after the other. */
interface LineSource extends Closeable {
    /**
     * The next line's text, without its line break; null at the end of the input.
     *
     * @param number the line's number, from 1, for the error of a line that cannot be taken
     * @throws RecordingFormatException when the line is longer than {@link RecordingReader#MAX_LINE} characters, or
     *                                  its bytes are not text
     */
    String next(long number) throws IOException;
}
