package com.camelexchange.simulator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Rewrites of a reply's JSON text for {@link Fault#rewrite} and {@link StreamFaults#rewriteNextPush}: one field of
 * one record set to a value no real exchange sends, removed, or sent twice. A field is named by its path from the
 * reply's root, Jackson's JSON-pointer way with a slash before each step: {@code /2/price} (the price of the third
 * trade of a trades reply), {@code /ticker/high}, {@code /asks/3/0}, {@code /data/1/4} (a candle's close),
 * {@code /message/datas/list/0/amount}. A value is raw JSON text, written as it is even when it is no JSON at all
 * ({@code 1e999999999}, {@code NaN}, a string of ten thousand characters). A reply that has no such field is
 * sent as it was. A reply sent over HTTP may even carry bytes that are no UTF-8: {@link #rawByte} stands for one.
 */
public final class JsonRewrite {
    private static final JsonFactory JSON = new JsonFactory();

    private enum Action { SET, REMOVE, DUPLICATE, ADD }

    /**
     * The characters that stand for the bytes 0x80 to 0xFF: lone low surrogates, which no text holds (the
     * "surrogate escape" of byte-oriented decoders).
     */
    private static final int RAW_BYTES = 0xDC00;

    private JsonRewrite() {
    }

    /** Sets the value at {@code path} to {@code raw}, as it is. */
    public static UnaryOperator<String> set(String path, String raw) {
        return text -> rewrite(text, path, Action.SET, Objects.requireNonNull(raw, "raw"));
    }

    /** Leaves out the field at {@code path}: an object's key and its value, or an array's element. */
    public static UnaryOperator<String> remove(String path) {
        return text -> rewrite(text, path, Action.REMOVE, null);
    }

    /** Sends the field at {@code path} (an object's key) twice: as it was, then again with the value {@code raw}. */
    public static UnaryOperator<String> duplicate(String path, String raw) {
        return text -> rewrite(text, path, Action.DUPLICATE, Objects.requireNonNull(raw, "raw"));
    }

    /**
     * Adds a field {@code name} with the value {@code raw} at the end of the object at {@code path} (a record): a
     * field no reader asks for, holding what it likes, such as an array nested three thousand levels deep.
     */
    public static UnaryOperator<String> add(String path, String name, String raw) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(raw, "raw");
        return text -> rewrite(text, path, Action.ADD, name, raw);
    }

    /**
     * A character that a reply sent over HTTP carries as the single byte {@code b} (0x80 to 0xFF), so that a rewrite
     * can send bytes that are no UTF-8: {@code set("/1/type", "\"b" + rawByte(0xFF) + "y\"")} sends a trade whose
     * side holds the byte 0xFF. Pushes are WebSocket text, which cannot carry such bytes.
     */
    public static char rawByte(int b) {
        if (b < 0x80 || b > 0xFF) {
            throw new IllegalArgumentException("Only 0x80 to 0xFF need a raw byte: " + b);
        }
        return (char) (RAW_BYTES + b);
    }

    /** A rewritten reply as it is sent: its text in UTF-8, each {@link #rawByte} as its byte. */
    public static byte[] bytes(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 16);
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean raw = c >= RAW_BYTES + 0x80 && c <= RAW_BYTES + 0xFF;
            if (raw && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)))) {
                out.writeBytes(text.substring(from, i).getBytes(StandardCharsets.UTF_8));
                out.write(c - RAW_BYTES);
                from = i + 1;
            }
        }
        out.writeBytes(text.substring(from).getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    /** An open object or array of the text being copied: where it is, and the index of its next value. */
    private static final class Open {
        final String path;
        final boolean array;
        int next;
        String name;

        Open(String path, boolean array) {
            this.path = path;
            this.array = array;
        }

        /** The path of the value that comes next in it. */
        String nextPath() {
            return path + "/" + (array ? Integer.toString(next++) : name);
        }
    }

    private static String rewrite(String text, String path, Action action, String raw) {
        return rewrite(text, path, action, null, raw);
    }

    private static String rewrite(String text, String path, Action action, String added, String raw) {
        StringWriter out = new StringWriter(text.length() + 64);
        try (JsonParser in = JSON.createParser(text); JsonGenerator gen = JSON.createGenerator(out)) {
            Deque<Open> open = new ArrayDeque<>();
            for (JsonToken token = in.nextToken(); token != null; token = in.nextToken()) {
                if (token == JsonToken.FIELD_NAME) {
                    Open object = open.peek();
                    object.name = in.currentName();
                    boolean named = action == Action.REMOVE || action == Action.DUPLICATE;
                    if (named && (object.path + "/" + object.name).equals(path)) {
                        in.nextToken();
                        if (action == Action.DUPLICATE) {
                            gen.writeFieldName(object.name);
                            copyValue(in, gen);
                            gen.writeFieldName(object.name);
                            gen.writeRawValue(raw);
                        } else {
                            in.skipChildren();
                        }
                        continue;
                    }
                    copy(in, gen);
                    continue;
                }
                if (token.isStructEnd()) {
                    Open closed = open.pop();
                    if (action == Action.ADD && !closed.array && closed.path.equals(path)) {
                        gen.writeFieldName(added);
                        gen.writeRawValue(raw);
                    }
                    copy(in, gen);
                    continue;
                }
                String at = open.isEmpty() ? "" : open.peek().nextPath();
                if ((action == Action.SET || action == Action.REMOVE) && at.equals(path)) {
                    if (action == Action.SET) {
                        gen.writeRawValue(raw);
                    }
                    in.skipChildren();
                    continue;
                }
                if (token.isStructStart()) {
                    open.push(new Open(at, token == JsonToken.START_ARRAY));
                }
                copy(in, gen);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Not JSON to rewrite", e);
        }
        return out.toString();
    }

    /** The current token as it was written: numbers keep their text (60000.10 stays 60000.10). */
    private static void copy(JsonParser in, JsonGenerator gen) throws IOException {
        if (in.currentToken() == JsonToken.VALUE_NUMBER_INT || in.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
            gen.writeNumber(in.getText());
        } else {
            gen.copyCurrentEvent(in);
        }
    }

    /** The current value, whole, as it was written. */
    private static void copyValue(JsonParser in, JsonGenerator gen) throws IOException {
        int depth = 0;
        do {
            JsonToken token = in.currentToken();
            depth += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
            copy(in, gen);
        } while (depth > 0 && in.nextToken() != null);
    }
}
