package com.camelexchange.component.stream;

import java.nio.charset.StandardCharsets;

/**
 * Gathers the parts of one text frame, bounded. A {@link StringBuilder} keeps the capacity of the largest frame it
 * ever held: after a frame larger than {@link #RETAINED} it is let go, so one large book does not pin its size in
 * memory for the life of the connection.
 */
final class FrameBuffer {
    /** The capacity kept between frames; more is released once the frame is taken. */
    static final int RETAINED = 16 * 1024;

    private final int maxChars;
    private StringBuilder text = new StringBuilder();

    FrameBuffer(int maxChars) {
        this.maxChars = maxChars;
    }

    /** Adds a part; false (and the parts so far dropped) when the frame would exceed the bound. */
    boolean append(CharSequence part) {
        if (text.length() + part.length() > maxChars) {
            clear();
            return false;
        }
        text.append(part);
        return true;
    }

    /** The whole frame, as UTF-8; the buffer is empty again. */
    byte[] take() {
        byte[] frame = text.toString().getBytes(StandardCharsets.UTF_8);
        clear();
        return frame;
    }

    /** The characters the buffer holds room for now. */
    int capacity() {
        return text.capacity();
    }

    private void clear() {
        if (text.capacity() > RETAINED) {
            text = new StringBuilder();
        } else {
            text.setLength(0);
        }
    }
}
