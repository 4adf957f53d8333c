package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A parser that refuses a key an object already has: {@code {"price":"1","price":"1e999"}} means one thing to one
 * reader and another to the next, so its record is refused rather than read as the last value. Jackson's own
 * detection ({@code STRICT_DUPLICATE_DETECTION}) throws from inside its tokenizer, which cannot go on after it; this
 * one throws once the key was read whole, as a binding problem, so the rest of the reply can still be read
 * ({@link Records}). Keys are compared with those of the same object only: in arrays reused from one object to the
 * next while an object has few keys (a record), in a set once it has many (a reply keyed by market), so that a
 * reply of a million keys costs a million look-ups, not their square. The arrays are the thread's, taken for one
 * parse and given back when the parser closes: a pushed frame is read without making them again.
 */
final class NoDuplicateKeys extends JsonParserDelegate {
    /** Keys of one object compared one by one; beyond them, in a set. */
    private static final int FEW = 16;
    /** The depth the arrays start with, and the most a thread keeps between parses. */
    private static final int DEPTH = 8;
    /** Each thread's arrays while no parser of the thread holds them. */
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** The thread's arrays, held until closed; or arrays of this parser's own while another parser holds them. */
    private final Scratch scratch;
    private boolean released;

    // The scratch's arrays, read through fields: grown here when objects nest deeper than they reach.
    /** The keys seen in each open object, by depth, while they are few. */
    private String[][] keys;
    /** The keys seen in each open object, by depth, once they are many. */
    private Set<String>[] many;
    private int[] counts;
    private boolean[] objects;
    private int depth;

    NoDuplicateKeys(JsonParser parser) {
        super(parser);
        Scratch own = SCRATCH.get();
        if (own.held) {
            // A parse within a parse on this thread: arrays of its own.
            own = new Scratch();
        }
        own.held = true;
        scratch = own;
        keys = own.keys;
        many = own.many;
        counts = own.counts;
        objects = own.objects;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = delegate.nextToken();
        if (token == null) {
            return null;
        }
        switch (token) {
            case START_OBJECT -> open(true);
            case START_ARRAY -> open(false);
            case END_OBJECT, END_ARRAY -> depth--;
            case FIELD_NAME -> seen(delegate.currentName());
            default -> {
            }
        }
        return token;
    }

    @Override
    public JsonToken nextValue() throws IOException {
        JsonToken token = nextToken();
        return token == JsonToken.FIELD_NAME ? nextToken() : token;
    }

    /** Steps through the children rather than letting the parser skip them, so the open objects stay known. */
    @Override
    public JsonParser skipChildren() throws IOException {
        JsonToken token = currentToken();
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return this;
        }
        int open = 1;
        while (open > 0) {
            token = nextToken();
            if (token == null) {
                return this;
            }
            if (token.isStructStart()) {
                open++;
            } else if (token.isStructEnd()) {
                open--;
            }
        }
        return this;
    }

    /** Gives the arrays back to the thread, without the sets of a large object: they would keep its keys alive. */
    @Override
    public void close() throws IOException {
        if (!released) {
            released = true;
            Arrays.fill(scratch.many, null);
            scratch.held = false;
        }
        super.close();
    }

    private void open(boolean object) {
        depth++;
        if (depth == objects.length) {
            // Grown for this parse only: the thread keeps arrays of the usual depth.
            objects = Arrays.copyOf(objects, depth * 2);
            counts = Arrays.copyOf(counts, depth * 2);
            keys = Arrays.copyOf(keys, depth * 2);
            many = Arrays.copyOf(many, depth * 2);
        }
        objects[depth] = object;
        counts[depth] = 0;
        many[depth] = null;
    }

    private void seen(String key) throws IOException {
        if (depth < 1 || !objects[depth]) {
            return;
        }
        int count = counts[depth];
        boolean duplicate;
        if (count < FEW) {
            String[] names = keys[depth];
            if (names == null) {
                names = new String[FEW];
                keys[depth] = names;
            }
            duplicate = false;
            for (int i = 0; i < count && !duplicate; i++) {
                duplicate = names[i].equals(key);
            }
            names[count] = key;
        } else {
            Set<String> names = many[depth];
            if (names == null) {
                names = new HashSet<>(Arrays.asList(keys[depth]));
                many[depth] = names;
            }
            duplicate = !names.add(key);
        }
        if (duplicate) {
            throw MismatchedInputException.from(this, (Class<?>) null, "duplicate key '" + Echo.of(key) + "'");
        }
        counts[depth] = count + 1;
    }

    @SuppressWarnings("unchecked")
    private static Set<String>[] newSets(int size) {
        return (Set<String>[]) new Set<?>[size];
    }

    /** One thread's arrays of the usual depth. */
    private static final class Scratch {
        final String[][] keys = new String[DEPTH][];
        final Set<String>[] many = newSets(DEPTH);
        final int[] counts = new int[DEPTH];
        final boolean[] objects = new boolean[DEPTH];
        /** Whether a parser of the thread holds them. */
        boolean held;
    }
}
