package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * How a reply or a pushed frame of one shape is read so that one record loses that record alone, whatever is wrong
 * inside it. A shape without lists (a ticker, a book, an order) is read in one pass, and refused whole.
 *
 * <p>A shape with lists is read in one pass as long as the tokenizer takes every record: a record whose values are
 * out of bounds, or of the wrong type, is refused there and the parser, its tokens intact, goes on to the next
 * ({@link RecordsDeserializer}). A record the tokenizer refuses (nested past the bound, bytes that are no UTF-8, a
 * broken token, two values) stops that pass before anything of it is kept, and the text is read record by record:
 * its lists are found first, undecoded ({@link RecordSlicer}); the whole is read without them, as if each were
 * empty; then each record from its own part of the text, by a parser of its own, within the same bounds, added to
 * its list or refused there ({@link Records#refuse}, {@link KeyedRecords#refuse}). Either way each record comes out
 * as it would read alone; the one pass only spares a good reply the cost of a parser per record (a page of 50
 * trades decodes in two thirds of the time, with a third of the garbage). Thread-safe.
 *
 * @param <T> what the whole is read into
 */
final class ReplyShape<T> {
    private static final int KEY_ECHO = 40;

    private final ObjectReader whole;
    private final List<RecordList<T>> lists;
    private final List<String[]> paths;
    private final boolean[] keyed;

    private ReplyShape(ObjectReader whole, List<RecordList<T>> lists) {
        this.whole = whole;
        this.lists = List.copyOf(lists);
        this.paths = this.lists.stream().map(RecordList::path).toList();
        this.keyed = new boolean[lists.size()];
        for (int i = 0; i < keyed.length; i++) {
            keyed[i] = lists.get(i).keyed();
        }
    }

    /** A shape that is one whole: read in one pass, refused whole. */
    static <T> ReplyShape<T> whole(ObjectReader whole) {
        return new ReplyShape<>(whole, List.of());
    }

    /** A shape with lists of records, each read on its own. */
    @SafeVarargs
    static <T> ReplyShape<T> withLists(ObjectReader whole, RecordList<T>... lists) {
        return new ReplyShape<>(whole, List.of(lists));
    }

    /**
     * Reads the text; throws what made the whole unreadable (broken structure, a field of the whole out of bounds,
     * another shape such as an error reply). Returns null for a text that holds no value.
     *
     * @param about what the text is, for the message of a second value after the first
     */
    T read(JsonText text, String about) throws IOException {
        if (lists.isEmpty()) {
            return readOne(whole, text, text.from, text.to, about);
        }
        try {
            return readOne(whole, text, text.from, text.to, about);
        } catch (IOException | RuntimeException inOnePass) {
            // A record the tokenizer refused, or a reply that is not the answer (then refused the same way again).
            return recordByRecord(text, about);
        }
    }

    /** Reads the text with its lists found first and each of their records read on its own. */
    T recordByRecord(JsonText text, String about) throws IOException {
        RecordSlicer.Found[] found = RecordSlicer.find(text, paths, keyed);
        JsonText rest = withoutRecords(text, found);
        T value = readOne(whole, rest, rest.from, rest.to, about);
        if (value != null) {
            for (int i = 0; i < found.length; i++) {
                if (found[i] != null) {
                    lists.get(i).fill(value, text, found[i]);
                }
            }
        }
        return value;
    }

    /**
     * The JSON string from {@code start} to {@code end} of the text, decoded (by a parser of {@code reader}'s bounds);
     * null when there is none there, or it is anything but one string.
     */
    static String string(JsonText text, ObjectReader reader, int start, int end) {
        if (start < 0) {
            return null;
        }
        try (JsonParser parser = text.parser(reader, start, end)) {
            String value = parser.nextToken() == JsonToken.VALUE_STRING ? parser.getText() : null;
            return parser.nextToken() == null ? value : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The text with every list found emptied: its brackets kept, what was between them left out. */
    private static JsonText withoutRecords(JsonText text, RecordSlicer.Found[] found) {
        int[] cuts = new int[found.length * 2];
        int count = 0;
        RecordSlicer.Found[] inOrder = found.clone();
        Arrays.sort(inOrder, Comparator.nullsLast(Comparator.comparingInt((RecordSlicer.Found f) -> f.open)));
        for (RecordSlicer.Found f : inOrder) {
            if (f != null) {
                cuts[count++] = f.open + 1;
                cuts[count++] = f.close;
            }
        }
        return count == 0 ? text : text.without(cuts, count);
    }

    /** One value read from {@code start} to {@code end}, with nothing but space after it; null for none. */
    private static <V> V readOne(ObjectReader reader, JsonText text, int start, int end, String about)
            throws IOException {
        try (JsonParser parser = new NoDuplicateKeys(text.parser(reader, start, end))) {
            V value = reader.readValue(parser);
            if (value != null && parser.nextToken() != null) {
                throw new ExchangeReplyFormatException(about, "more than one JSON value", text.snippet());
            }
            return value;
        }
    }

    /**
     * One list of records in a shape: the keys that lead to it, how one record is read, and where in the whole read
     * its records go.
     */
    abstract static sealed class RecordList<T> {
        private final String[] path;
        final ObjectReader record;

        private RecordList(ObjectReader record, String... path) {
            this.record = record;
            this.path = path.clone();
        }

        /**
         * An array of records, at {@code path} from the top (none: the reply is the array), whose records read go to
         * the list {@code into} finds in the whole.
         */
        static <T, E> RecordList<T> array(ObjectReader record, Function<T, Records<E>> into, String... path) {
            return new Array<>(record, into, path);
        }

        /** An object whose members are records keyed by name; see {@link #array}. */
        static <T, E> RecordList<T> keyed(ObjectReader record, Function<T, KeyedRecords<E>> into, String... path) {
            return new Keyed<>(record, into, path);
        }

        String[] path() {
            return path;
        }

        abstract boolean keyed();

        /** Reads the records found into the list of {@code whole}, each on its own. */
        abstract void fill(T whole, JsonText text, RecordSlicer.Found found);

        /** One record, or why it is refused. */
        final Object read(JsonText text, int start, int end, String where, Problem problem) {
            try {
                Object value = readOne(record, text, start, end, where);
                if (value == null) {
                    problem.why = "null";
                }
                return value;
            } catch (IOException | RuntimeException e) {
                problem.why = e instanceof ExchangeReplyFormatException ? "more than one JSON value"
                        : ReplyProblems.problem(e, 1);
                return null;
            }
        }
    }

    /** Why the record last read was refused. */
    private static final class Problem {
        String why;
    }

    private static final class Array<T, E> extends RecordList<T> {
        private final Function<T, Records<E>> into;

        Array(ObjectReader record, Function<T, Records<E>> into, String... path) {
            super(record, path);
            this.into = into;
        }

        @Override
        boolean keyed() {
            return false;
        }

        @Override
        @SuppressWarnings("unchecked")
        void fill(T whole, JsonText text, RecordSlicer.Found found) {
            Records<E> records = into.apply(whole);
            if (records == null) {
                return;
            }
            records.ensureCapacity(found.records());
            Problem problem = new Problem();
            for (int i = 0; i < found.records(); i++) {
                Object value = read(text, found.valueStart(i), found.valueEnd(i), "record " + i, problem);
                if (value != null) {
                    records.add((E) value);
                } else {
                    records.refuse(i, "record " + i + ": " + problem.why);
                }
            }
        }
    }

    private static final class Keyed<T, E> extends RecordList<T> {
        private final Function<T, KeyedRecords<E>> into;

        Keyed(ObjectReader record, Function<T, KeyedRecords<E>> into, String... path) {
            super(record, path);
            this.into = into;
        }

        @Override
        boolean keyed() {
            return true;
        }

        /**
         * A key that cannot be read loses its member; a key sent twice loses every member under it, since one reader
         * would take the first and another the last.
         */
        @Override
        @SuppressWarnings("unchecked")
        void fill(T whole, JsonText text, RecordSlicer.Found found) {
            KeyedRecords<E> records = into.apply(whole);
            if (records == null) {
                return;
            }
            int n = found.records();
            String[] keys = new String[n];
            Map<String, Integer> seen = new HashMap<>(Math.max(4, n * 2));
            List<String> twice = new ArrayList<>(0);
            for (int i = 0; i < n; i++) {
                keys[i] = key(text, found.keyStart(i), found.keyEnd(i));
                if (keys[i] != null && seen.merge(keys[i], 1, Integer::sum) == 2) {
                    twice.add(keys[i]);
                }
            }
            Problem problem = new Problem();
            for (int i = 0; i < n; i++) {
                String key = keys[i];
                if (key == null) {
                    records.refuse("member " + i + ": no key that can be read");
                } else if (seen.get(key) > 1) {
                    records.refuse(key, "'" + Echo.cut(key, KEY_ECHO) + "': sent twice");
                } else {
                    Object value = read(text, found.valueStart(i), found.valueEnd(i), "'" + key + "'", problem);
                    if (value != null) {
                        records.put(key, (E) value);
                    } else {
                        records.refuse(key, "'" + Echo.cut(key, KEY_ECHO) + "': " + problem.why);
                    }
                }
            }
        }

        /** The key quoted from {@code start} to {@code end}, decoded; null when there is none or it cannot be. */
        private String key(JsonText text, int start, int end) {
            return string(text, record, start, end);
        }
    }
}
