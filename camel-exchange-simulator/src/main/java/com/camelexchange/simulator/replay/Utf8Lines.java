package com.camelexchange.simulator.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a UTF-8 file, split on the bytes before any is decoded, then each decoded on its own: a byte that is
 * not UTF-8 is charged to the line that holds it, and the lines before it are read whole. (Decoding the stream ahead
 * of the split, as a {@code Reader} does, fails on a bad byte while the lines before it, in the same chunk, are still
 * to be given, and names none of them.) A line break is a byte 0x0A, which UTF-8 never uses inside a character, so
 * the split is exact. Lines of ASCII, which recordings are but for rare names, are made into text without a decoder.
 */
final class Utf8Lines implements LineSource {
    /** The most bytes a line of {@link RecordingReader#MAX_LINE} characters can take in UTF-8. */
    private static final int MAX_BYTES = 4 * RecordingReader.MAX_LINE;

    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private int position;
    private int limit;
    private byte[] line = new byte[1024];
    private int length;
    /** Whether the line has a byte above 0x7F. */
    private boolean wide;
    private CharBuffer chars = CharBuffer.allocate(1024);

    Utf8Lines(InputStream in) {
        this.in = in;
    }

    @Override
    public String next(long number) throws IOException {
        length = 0;
        wide = false;
        if (position == limit && !fill()) {
            return null;
        }
        while (true) {
            int start = position;
            int bits = 0;
            while (position < limit && buffer[position] != '\n') {
                bits |= buffer[position];
                position++;
            }
            wide |= bits < 0;
            append(start, position - start, number);
            if (position < limit) {
                position++; // the line break
                break;
            }
            if (!fill()) {
                break;
            }
        }
        String text = wide ? decode(number) : new String(line, 0, length, StandardCharsets.ISO_8859_1);
        if (text.length() > RecordingReader.MAX_LINE) {
            throw tooLong(number);
        }
        return text;
    }

    private void append(int start, int count, long number) {
        if (length + count > MAX_BYTES) {
            throw tooLong(number);
        }
        if (length + count > line.length) {
            byte[] larger = new byte[Math.min(MAX_BYTES, Math.max(line.length * 2, length + count))];
            System.arraycopy(line, 0, larger, 0, length);
            line = larger;
        }
        System.arraycopy(buffer, start, line, length, count);
        length += count;
    }

    private String decode(long number) {
        if (chars.capacity() < length) {
            chars = CharBuffer.allocate(Math.max(length, chars.capacity() * 2));
        }
        chars.clear();
        ByteBuffer bytes = ByteBuffer.wrap(line, 0, length);
        decoder.reset();
        CoderResult result = decoder.decode(bytes, chars, true);
        if (!result.isError()) {
            result = decoder.flush(chars);
        }
        if (result.isError()) {
            throw new RecordingFormatException(number, "not UTF-8: byte " + (bytes.position() + 1)
                    + " of the line is not part of a UTF-8 character");
        }
        chars.flip();
        return chars.toString();
    }

    private static RecordingFormatException tooLong(long number) {
        return new RecordingFormatException(number, "longer than " + RecordingReader.MAX_LINE + " characters");
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
