package com.camelexchange.client.internal.stream;

import java.nio.CharBuffer;

/**
 * Gathers the parts of one text frame, bounded, as characters the frame is then read from in place: no String
 * and no byte copy is made of it. The array keeps the capacity of the largest frame it ever held: after a frame
 * larger than {@link #RETAINED} it is let go, so one large book does not pin its size in memory for the life of
 * the connection.
 */
final class FrameBuffer {
    /** The capacity kept between frames; more is released once the frame is read. */
    static final int RETAINED = 16 * 1024;
    private static final int INITIAL = 1024;

    private final int maxChars;
    private char[] chars = new char[INITIAL];
    private int length;

    FrameBuffer(int maxChars) {
        this.maxChars = maxChars;
    }

    /** Whether a part, alone or added to those held, would exceed the bound. */
    boolean fits(CharSequence part) {
        return length + part.length() <= maxChars;
    }

    /** Adds a part; false (and the parts so far dropped) when the frame would exceed the bound. */
    boolean append(CharSequence part) {
        int n = part.length();
        if (!fits(part)) {
            clear();
            return false;
        }
        if (length + n > chars.length) {
            char[] larger = new char[Math.min(maxChars, Math.max(length + n, chars.length * 2))];
            System.arraycopy(chars, 0, larger, 0, length);
            chars = larger;
        }
        if (part instanceof CharBuffer buffer) {
            buffer.get(buffer.position(), chars, length, n);
        } else if (part instanceof String text) {
            text.getChars(0, n, chars, length);
        } else {
            for (int i = 0; i < n; i++) {
                chars[length + i] = part.charAt(i);
            }
        }
        length += n;
        return true;
    }

    /** Whether no part is held. */
    boolean isEmpty() {
        return length == 0;
    }

    /** The characters of the frame, valid until the next {@link #clear()}; see {@link #length()}. */
    char[] chars() {
        return chars;
    }

    int length() {
        return length;
    }

    /** Empties the buffer for the next frame, letting a large array go. */
    void clear() {
        if (chars.length > RETAINED) {
            chars = new char[INITIAL];
        }
        length = 0;
    }

    /** The characters the buffer holds room for now. */
    int capacity() {
        return chars.length;
    }
}
