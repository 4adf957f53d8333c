package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The text of one reply (bytes, as received over HTTP) or one pushed frame (characters, as the WebSocket decoded
 * them), as {@link RecordSlicer} scans it and Jackson reads parts of it. Scanning needs only the characters JSON's
 * structure is made of ({@code {}[]",:} and white space), which are ASCII: in UTF-8 no byte of a longer character
 * is one of them, so bytes are scanned as they are, whatever is wrong with their encoding.
 */
abstract sealed class JsonText {
    /** Where the text starts and ends in its array. */
    final int from;
    final int to;

    private JsonText(int from, int to) {
        this.from = from;
        this.to = to;
    }

    static JsonText of(byte[] bytes) {
        return new Bytes(bytes, 0, bytes.length);
    }

    static JsonText of(char[] chars, int offset, int length) {
        return new Chars(chars, offset, offset + length);
    }

    /** The character at {@code index}, or for bytes the byte (0 to 255). */
    abstract int at(int index);

    /** How many characters of a byte-order mark open the text (Jackson skips one); 0 when none does. */
    abstract int byteOrderMark();

    /** A parser of {@code reader} over the text from {@code start} to {@code end}. */
    abstract JsonParser parser(ObjectReader reader, int start, int end) throws IOException;

    /** The same text without the parts between each pair of {@code cuts}: {@code [cut0, cut1), [cut2, cut3)...}. */
    abstract JsonText without(int[] cuts, int count);

    /** The start of the text, for messages. */
    abstract String snippet();

    /** The text whole. */
    JsonParser parser(ObjectReader reader) throws IOException {
        return parser(reader, from, to);
    }

    /** How long the text is once {@code count} bounds of {@code cuts} are left out. */
    final int keptLength(int[] cuts, int count) {
        int length = to - from;
        for (int i = 0; i < count; i += 2) {
            length -= cuts[i + 1] - cuts[i];
        }
        return length;
    }

    private static final class Bytes extends JsonText {
        private final byte[] bytes;

        Bytes(byte[] bytes, int from, int to) {
            super(from, to);
            this.bytes = bytes;
        }

        @Override
        int at(int index) {
            return bytes[index] & 0xff;
        }

        @Override
        int byteOrderMark() {
            return to - from >= 3 && at(from) == 0xef && at(from + 1) == 0xbb && at(from + 2) == 0xbf ? 3 : 0;
        }

        @Override
        JsonParser parser(ObjectReader reader, int start, int end) throws IOException {
            return reader.createParser(bytes, start, end - start);
        }

        @Override
        JsonText without(int[] cuts, int count) {
            byte[] kept = new byte[keptLength(cuts, count)];
            int at = 0;
            int next = from;
            for (int i = 0; i < count; i += 2) {
                System.arraycopy(bytes, next, kept, at, cuts[i] - next);
                at += cuts[i] - next;
                next = cuts[i + 1];
            }
            System.arraycopy(bytes, next, kept, at, to - next);
            return new Bytes(kept, 0, kept.length);
        }

        @Override
        String snippet() {
            return ReplyProblems.snippet(new String(bytes, from, Math.min(to - from, 4 * 120), StandardCharsets.UTF_8),
                    to - from);
        }
    }

    private static final class Chars extends JsonText {
        private final char[] chars;

        Chars(char[] chars, int from, int to) {
            super(from, to);
            this.chars = chars;
        }

        @Override
        int at(int index) {
            return chars[index];
        }

        @Override
        int byteOrderMark() {
            return to > from && chars[from] == '\uFEFF' ? 1 : 0;
        }

        @Override
        JsonParser parser(ObjectReader reader, int start, int end) throws IOException {
            return reader.createParser(chars, start, end - start);
        }

        @Override
        JsonText without(int[] cuts, int count) {
            char[] kept = new char[keptLength(cuts, count)];
            int at = 0;
            int next = from;
            for (int i = 0; i < count; i += 2) {
                System.arraycopy(chars, next, kept, at, cuts[i] - next);
                at += cuts[i] - next;
                next = cuts[i + 1];
            }
            System.arraycopy(chars, next, kept, at, to - next);
            return new Chars(kept, 0, kept.length);
        }

        @Override
        String snippet() {
            return ReplyProblems.snippet(new String(chars, from, Math.min(to - from, 4 * 120)), to - from);
        }
    }
}
