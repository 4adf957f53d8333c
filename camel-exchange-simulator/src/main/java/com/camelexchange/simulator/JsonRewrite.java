package com.camelexchange.simulator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
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
 * sent as it was.
 */
public final class JsonRewrite {
    private static final JsonFactory JSON = new JsonFactory();

    private enum Action { SET, REMOVE, DUPLICATE }

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
        StringWriter out = new StringWriter(text.length() + 64);
        try (JsonParser in = JSON.createParser(text); JsonGenerator gen = JSON.createGenerator(out)) {
            Deque<Open> open = new ArrayDeque<>();
            for (JsonToken token = in.nextToken(); token != null; token = in.nextToken()) {
                if (token == JsonToken.FIELD_NAME) {
                    Open object = open.peek();
                    object.name = in.currentName();
                    if (action != Action.SET && (object.path + "/" + object.name).equals(path)) {
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
                    open.pop();
                    copy(in, gen);
                    continue;
                }
                String at = open.isEmpty() ? "" : open.peek().nextPath();
                if (action != Action.DUPLICATE && at.equals(path)) {
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
