package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Records as an attacker who controls one record of a reply would send them, generated: a good record changed by one
 * {@link Change} — a field nested to any depth, any JSON value in any field, a byte that is no UTF-8 anywhere, a key
 * sent twice, the record cut short at any byte (its strings and brackets then closed, so that the list around it
 * stays whole), a huge string, or the record replaced by any JSON value at all.
 */
final class HostileRecords {
    /** Deeper than this, any record is refused: the readers' nesting bound. */
    static final int NESTING_BOUND = ReplyMapper.MAX_NESTING;

    private HostileRecords() {
    }

    /** A record: an object of named fields (raw JSON values), or an array of values (a candle). */
    record Rec(List<String> names, List<String> values, boolean array) {
        static Rec object(String... namesAndValues) {
            List<String> names = new ArrayList<>();
            List<String> values = new ArrayList<>();
            for (int i = 0; i < namesAndValues.length; i += 2) {
                names.add(namesAndValues[i]);
                values.add(namesAndValues[i + 1]);
            }
            return new Rec(names, values, false);
        }

        static Rec array(String... values) {
            return new Rec(List.of(), List.of(values), true);
        }

        String text() {
            StringBuilder out = new StringBuilder(array ? "[" : "{");
            for (int i = 0; i < values.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                if (!array) {
                    out.append('"').append(names.get(i)).append("\":");
                }
                out.append(values.get(i));
            }
            return out.append(array ? ']' : '}').toString();
        }

        Rec with(int field, String value) {
            List<String> changed = new ArrayList<>(values);
            changed.set(field % changed.size(), value);
            return new Rec(names, changed, array);
        }

        /** Another field at the end: for an array record, another element. */
        Rec plus(String name, String value) {
            List<String> moreNames = new ArrayList<>(names);
            List<String> moreValues = new ArrayList<>(values);
            if (!array) {
                moreNames.add(name);
            }
            moreValues.add(value);
            return new Rec(moreNames, moreValues, array);
        }
    }

    /** One change that makes a good record hostile. */
    sealed interface Change {
        /** The record's bytes once changed. */
        byte[] apply(Rec good);

        /** Whether no reader may take {@code good} once changed, whatever field or value it touched. */
        boolean alwaysRefused(Rec good);
    }

    /** A field, or a field added beside the others, nested {@code depth} levels deep in arrays or objects. */
    record Nest(int field, boolean added, int depth, boolean objects) implements Change {
        @Override
        public byte[] apply(Rec good) {
            String deep = objects ? "{\"a\":".repeat(depth) + "1" + "}".repeat(depth)
                    : "[".repeat(depth) + "1" + "]".repeat(depth);
            return utf8((added ? good.plus("x", deep) : good.with(field, deep)).text());
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            // One level is the record's own: the nest takes it past the bound at the bound.
            return depth >= NESTING_BOUND;
        }
    }

    /** A byte from 0x80 to 0xFF put in at any place of the record (the good records are ASCII: no UTF-8 after). */
    record NotUtf8(double at, int value) implements Change {
        @Override
        public byte[] apply(Rec good) {
            byte[] text = utf8(good.text());
            int index = (int) Math.floor(at * (text.length + 1));
            index = Math.min(index, text.length);
            byte[] changed = new byte[text.length + 1];
            System.arraycopy(text, 0, changed, 0, index);
            changed[index] = (byte) value;
            System.arraycopy(text, index, changed, index + 1, text.length - index);
            return changed;
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            return true;
        }
    }

    /** Any JSON value in place of one field's. */
    record AnyValue(int field, String value) implements Change {
        @Override
        public byte[] apply(Rec good) {
            return utf8(good.with(field, value).text());
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            return false;
        }
    }

    /** A field sent twice: as it was, then with any JSON value. */
    record TwiceSent(int field, String value) implements Change {
        @Override
        public boolean alwaysRefused(Rec good) {
            return !good.array();
        }

        @Override
        public byte[] apply(Rec good) {
            if (good.array()) {
                // An array has no key to send twice: a value too many instead.
                return utf8(good.plus(null, value).text());
            }
            int at = field % good.names().size();
            return utf8(good.text().replaceFirst("\\}$", ",\"" + good.names().get(at) + "\":"
                    + value.replace("\\", "\\\\").replace("$", "\\$") + "}"));
        }
    }

    /** The record cut short at any byte, its open string and brackets then closed. */
    record CutShort(double at) implements Change {
        @Override
        public byte[] apply(Rec good) {
            String text = good.text();
            int end = Math.max(1, (int) Math.floor(at * text.length()));
            return utf8(closed(text.substring(0, Math.min(end, text.length()))));
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            return false;
        }
    }

    /** A string of {@code length} characters in place of one field's value, or added as a field. */
    record HugeString(int field, boolean added, int length) implements Change {
        @Override
        public byte[] apply(Rec good) {
            String huge = "\"" + "h".repeat(length) + "\"";
            return utf8((added ? good.plus("x", huge) : good.with(field, huge)).text());
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            return false;
        }
    }

    /** Any JSON value in place of the whole record. */
    record AnyRecord(String value) implements Change {
        @Override
        public byte[] apply(Rec good) {
            return utf8(value);
        }

        @Override
        public boolean alwaysRefused(Rec good) {
            return false;
        }
    }

    /** Every kind of change, with its parameters. */
    static Arbitrary<Change> changes() {
        Arbitrary<Integer> field = Arbitraries.integers().between(0, 20);
        Arbitrary<Double> at = Arbitraries.doubles().between(0, 1);
        return Arbitraries.oneOf(
                Combinators.combine(field, Arbitraries.of(true, false),
                        Arbitraries.integers().between(1, 20_000).edgeCases(e -> e.add(NESTING_BOUND - 1)
                                .add(NESTING_BOUND).add(NESTING_BOUND + 1)), Arbitraries.of(true, false))
                        .as(Nest::new),
                Combinators.combine(at, Arbitraries.integers().between(0x80, 0xFF)).as(NotUtf8::new),
                Combinators.combine(field, values()).as(AnyValue::new),
                Combinators.combine(field, values()).as(TwiceSent::new),
                at.map(CutShort::new),
                Combinators.combine(field, Arbitraries.of(true, false), Arbitraries.integers().between(1_000, 300_000))
                        .as(HugeString::new),
                values().map(AnyRecord::new));
    }

    /** Any JSON value: every type, strings of any characters, numbers of any size and form, nested a few levels. */
    static Arbitrary<String> values() {
        return Arbitraries.recursive(HostileRecords::scalars, HostileRecords::containers, 0, 4);
    }

    private static Arbitrary<String> scalars() {
        JsonStringEncoder encoder = JsonStringEncoder.getInstance();
        return Arbitraries.oneOf(
                Arbitraries.of("null", "true", "false", "0", "-0", "1e999999999", "-1e-999999999", "NaN", "Infinity",
                        "1.5", "\"\"", "\"buy\"", "\"0x10\"", "9223372036854775808", "\"-1\""),
                Arbitraries.bigIntegers().between(java.math.BigInteger.TEN.pow(40).negate(),
                        java.math.BigInteger.TEN.pow(40)).map(Object::toString),
                Arbitraries.bigDecimals().ofScale(12).map(d -> d.toPlainString()),
                Arbitraries.strings().all().ofMaxLength(40)
                        .map(s -> "\"" + new String(encoder.quoteAsString(s)) + "\""));
    }

    private static Arbitrary<String> containers(Arbitrary<String> inner) {
        return Arbitraries.oneOf(
                inner.list().ofMaxSize(4).map(items -> "[" + String.join(",", items) + "]"),
                Combinators.combine(Arbitraries.strings().alpha().ofMaxLength(6), inner).as((k, v) -> "\"" + k
                        + "\":" + v).list().ofMaxSize(4).map(members -> "{" + String.join(",", members) + "}"));
    }

    /** A text cut short, its string and its brackets closed as they were open. */
    static String closed(String cut) {
        Deque<Character> open = new ArrayDeque<>();
        boolean inString = false;
        boolean escaped = false;
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            if (inString) {
                if (escaped) {
                    escaped = false;
                } else if (c == '\\') {
                    escaped = true;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                open.push(c == '{' ? '}' : ']');
            } else if (c == '}' || c == ']') {
                open.pop();
            }
        }
        StringBuilder out = new StringBuilder(escaped ? cut.substring(0, cut.length() - 1) : cut);
        if (inString) {
            out.append('"');
        }
        open.forEach(out::append);
        return out.toString();
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The parts joined as a list's records are: with commas, in brackets of the given kind. */
    static byte[] joined(String open, List<byte[]> parts, String close) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(utf8(open));
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.writeBytes(parts.get(i));
        }
        out.writeBytes(utf8(close));
        return out.toByteArray();
    }
}
