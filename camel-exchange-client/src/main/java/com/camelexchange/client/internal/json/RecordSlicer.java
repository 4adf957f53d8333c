package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.JsonParseException;

import java.util.Arrays;
import java.util.List;

/**
 * Finds where the records of a reply's lists lie, before anything in them is decoded: one pass over the text that
 * follows only its structure, with no recursion and no decoding of a value, so that whatever is inside one record
 * (nesting a thousand levels deep, bytes that are no UTF-8, tokens that are no JSON, any type, any size) cannot stop
 * the pass. Each record is then read on its own ({@link ReplyShape}), and one that cannot be read loses itself
 * alone.
 *
 * <p>A list is named by its path: the keys that lead to it from the top of the reply (none when the reply is the
 * list). Keys match as JSON means them, escapes decoded. A list of records is an array; a list keyed by name (the
 * markets, the tickers of all markets) is an object, each of its members a record. A path that leads nowhere, or
 * to a value of another type, finds no list: the whole is then read as it is, and refused if it lacks the list.
 *
 * <p>A record is what lies between two commas of its list (or a bracket of it): inside it only strings and brackets
 * are followed, so that a stray byte, a missing colon or two values in one record lose that record, not the list.
 * What leads to the lists, and the commas between records, are followed strictly. Only a text whose structure is
 * broken is refused whole (a {@link JsonParseException}): a bracket closed by the other kind, a string or a bracket
 * left open, a comma too many in a list, a comma or a colon out of place outside the records. Then where one record ends cannot be known for sure. The scan stops at the end of
 * the first value; what follows it is left to the reader of the whole, which refuses a second value as it always did.
 */
final class RecordSlicer {
    /** The depth the stacks start with; they grow with the text's nesting, which its size bounds. */
    private static final int DEPTH = 16;

    private final JsonText text;
    private final List<String[]> paths;
    private final boolean[] keyed;
    private final Found[] found;

    // Outside the lists: one entry per open container, by depth.
    private boolean[] objects = new boolean[DEPTH];
    /** The paths still open below each container: bit i for path i. */
    private int[] below = new int[DEPTH];
    /** Where the key of each object's current member starts and ends. */
    private int[] keyStart = new int[DEPTH];
    private int[] keyEnd = new int[DEPTH];
    private int depth;
    /** Inside a record: the brackets open, '{' or '['. */
    private byte[] brackets = new byte[DEPTH];

    private RecordSlicer(JsonText text, List<String[]> paths, boolean[] keyed) {
        this.text = text;
        this.paths = paths;
        this.keyed = keyed;
        this.found = new Found[paths.size()];
    }

    /**
     * The lists at {@code paths} in {@code text}, by path (null where a path finds none).
     *
     * @param keyed for each path, whether its list is keyed by name (an object) rather than an array
     * @throws JsonParseException when the structure of the text is broken before its first value ends
     */
    static Found[] find(JsonText text, List<String[]> paths, boolean[] keyed) throws JsonParseException {
        RecordSlicer slicer = new RecordSlicer(text, paths, keyed);
        slicer.scan();
        return slicer.found;
    }

    /** One list found: where its brackets are, and where each of its records lies. */
    static final class Found {
        /** The index of its opening bracket, and of its closing one. */
        int open;
        int close;
        /**
         * Per record, four indexes: where its key starts and ends, quotes included (-1 in an array, or when the
         * member has no key that can be found), and where its value starts and ends.
         */
        private int[] bounds = new int[32];
        private int count;

        int records() {
            return count;
        }

        int keyStart(int record) {
            return bounds[record * 4];
        }

        int keyEnd(int record) {
            return bounds[record * 4 + 1];
        }

        int valueStart(int record) {
            return bounds[record * 4 + 2];
        }

        int valueEnd(int record) {
            return bounds[record * 4 + 3];
        }

        private void add(int keyStart, int keyEnd, int valueStart, int valueEnd) {
            if ((count + 1) * 4 > bounds.length) {
                bounds = Arrays.copyOf(bounds, bounds.length * 2);
            }
            int at = count * 4;
            bounds[at] = keyStart;
            bounds[at + 1] = keyEnd;
            bounds[at + 2] = valueStart;
            bounds[at + 3] = valueEnd;
            count++;
        }
    }

    /** Follows the structure strictly from the top down to the lists, and over them. */
    private void scan() throws JsonParseException {
        int at = text.from + text.byteOrderMark();
        int on = (1 << paths.size()) - 1;
        values:
        while (true) {
            at = skipSpace(at);
            if (at >= text.to) {
                throw broken(at, "cut short");
            }
            int c = text.at(at);
            int list = c == '{' || c == '[' ? listAt(on, c == '{') : -1;
            if (list >= 0) {
                at = list(at, list);
            } else if (c == '{' || c == '[') {
                push(c == '{', on);
                at = skipSpace(at + 1);
                if (!closes(at)) {
                    at = member(at);
                    on = onPaths(depth - 1);
                    continue;
                }
                at = close(at);
            } else if (c == '"') {
                at = string(at);
            } else if (c == ',' || c == ':' || c == ']' || c == '}') {
                throw broken(at, "a value expected");
            } else {
                while (at < text.to && !delimiter(text.at(at))) {
                    at++;
                }
            }
            // A value ended at 'at': on to the next member, out of every container that ends here.
            while (depth > 0) {
                at = skipSpace(at);
                if (at < text.to && text.at(at) == ',') {
                    at = member(skipSpace(at + 1));
                    on = onPaths(depth - 1);
                    continue values;
                }
                if (!closes(at)) {
                    throw broken(at, at >= text.to ? "cut short"
                            : "',' or the end of " + (objects[depth - 1] ? "an object" : "an array") + " expected");
                }
                at = close(at);
            }
            return;
        }
    }

    /** The path whose list a container of this kind, on paths {@code on} at the current depth, is; -1 for none. */
    private int listAt(int on, boolean object) {
        for (int i = 0; i < paths.size(); i++) {
            if ((on & (1 << i)) != 0 && paths.get(i).length == depth && keyed[i] == object && found[i] == null) {
                return i;
            }
        }
        return -1;
    }

    /** Opens a container on the way to the lists, on paths {@code on}. */
    private void push(boolean object, int on) {
        if (depth == objects.length) {
            int size = depth * 2;
            objects = Arrays.copyOf(objects, size);
            below = Arrays.copyOf(below, size);
            keyStart = Arrays.copyOf(keyStart, size);
            keyEnd = Arrays.copyOf(keyEnd, size);
        }
        int deeper = 0;
        for (int i = 0; i < paths.size(); i++) {
            if (object && (on & (1 << i)) != 0 && paths.get(i).length > depth) {
                deeper |= 1 << i;
            }
        }
        objects[depth] = object;
        below[depth] = deeper;
        depth++;
    }

    /** Closes the container on top at its closing bracket; the index after it. */
    private int close(int at) throws JsonParseException {
        int top = depth - 1;
        if ((text.at(at) == '}') != objects[top]) {
            throw broken(at, "'" + (char) text.at(at) + "' closes " + (objects[top] ? "an object" : "an array"));
        }
        depth--;
        return at + 1;
    }

    /** Starts a member of the container on top at {@code at}: in an object, reads its key and colon; its value's index. */
    private int member(int at) throws JsonParseException {
        int top = depth - 1;
        if (!objects[top]) {
            return at;
        }
        if (at >= text.to || text.at(at) != '"') {
            throw broken(at, "a key expected");
        }
        keyStart[top] = at;
        keyEnd[top] = string(at);
        int colon = skipSpace(keyEnd[top]);
        if (colon >= text.to || text.at(colon) != ':') {
            throw broken(colon, "':' expected");
        }
        return colon + 1;
    }

    /** The paths the value of the current member of the container at {@code container} is on. */
    private int onPaths(int container) {
        int open = below[container];
        if (open == 0 || !objects[container]) {
            return 0;
        }
        int on = 0;
        for (int i = 0; i < paths.size(); i++) {
            if ((open & (1 << i)) != 0 && keyIs(keyStart[container], keyEnd[container], paths.get(i)[container])) {
                on |= 1 << i;
            }
        }
        return on;
    }

    /**
     * Reads the list of path {@code index} whose bracket is at {@code at}, record by record, each to the comma or the
     * bracket that ends it; the index after its closing bracket.
     */
    private int list(int at, int index) throws JsonParseException {
        Found list = new Found();
        found[index] = list;
        list.open = at;
        int closer = keyed[index] ? '}' : ']';
        int next = skipSpace(at + 1);
        if (next < text.to && text.at(next) == closer) {
            list.close = next;
            return next + 1;
        }
        while (true) {
            int start = skipSpace(next);
            int end = record(start, closer);
            int last = end;
            while (last > start && space(text.at(last - 1))) {
                last--;
            }
            if (last == start) {
                throw broken(start, "a comma too many in a list");
            }
            if (keyed[index]) {
                member(list, start, last);
            } else {
                list.add(-1, -1, start, last);
            }
            if (text.at(end) == closer) {
                list.close = end;
                return end + 1;
            }
            next = end + 1;
        }
    }

    /** A member of a keyed list from {@code start} to {@code end}: its key when it starts with one, and its value. */
    private void member(Found list, int start, int end) throws JsonParseException {
        if (start < end && text.at(start) == '"') {
            int keyEnd = string(start);
            int colon = skipSpace(keyEnd);
            if (colon < end && text.at(colon) == ':') {
                list.add(start, keyEnd, skipSpace(colon + 1), end);
                return;
            }
        }
        list.add(-1, -1, start, end);
    }

    /**
     * Skips one record from {@code at}: strings and brackets followed, anything else taken as it is; the index of the
     * comma or of the list's {@code closer} that ends it.
     */
    private int record(int at, int closer) throws JsonParseException {
        int open = 0;
        int i = at;
        while (i < text.to) {
            int c = text.at(i);
            if (c == '"') {
                i = string(i);
                continue;
            }
            if (c == '{' || c == '[') {
                if (open == brackets.length) {
                    brackets = Arrays.copyOf(brackets, open * 2);
                }
                brackets[open++] = (byte) c;
            } else if (c == '}' || c == ']') {
                if (open == 0) {
                    if (c != closer) {
                        throw broken(i, "'" + (char) c + "' closes a list of the other kind");
                    }
                    return i;
                }
                if (brackets[--open] != (c == '}' ? '{' : '[')) {
                    throw broken(i, "'" + (char) c + "' closes a bracket of the other kind");
                }
            } else if (c == ',' && open == 0) {
                return i;
            }
            i++;
        }
        throw broken(i, "a list cut short");
    }

    /** Whether a closing bracket is at {@code at} (of either kind: {@link #close} says whether it is the right one). */
    private boolean closes(int at) {
        if (at >= text.to) {
            return false;
        }
        int c = text.at(at);
        return c == '}' || c == ']';
    }

    /** Whether the key quoted from {@code start} to {@code end} means {@code name}, an ASCII name. */
    private boolean keyIs(int start, int end, String name) {
        int n = name.length();
        int at = start + 1;
        int last = end - 1;
        for (int i = 0; i < n; i++) {
            if (at >= last) {
                return false;
            }
            int c = text.at(at);
            if (c == '\\') {
                if (at + 1 >= last) {
                    return false;
                }
                int escaped = text.at(at + 1);
                if (escaped == 'u') {
                    if (at + 6 > last) {
                        return false;
                    }
                    c = hex(at + 2);
                    at += 6;
                } else {
                    c = escaped == '"' || escaped == '\\' || escaped == '/' ? escaped : -1;
                    at += 2;
                }
            } else {
                at++;
            }
            if (c != name.charAt(i)) {
                return false;
            }
        }
        return at == last;
    }

    /** The four hexadecimal digits at {@code at} as a number; -1 when they are not. */
    private int hex(int at) {
        int value = 0;
        for (int i = at; i < at + 4; i++) {
            int digit = Character.digit(text.at(i), 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    /** The index after the string that opens at {@code at}. Its content is not decoded. */
    private int string(int at) throws JsonParseException {
        int i = at + 1;
        while (i < text.to) {
            int c = text.at(i);
            if (c == '"') {
                return i + 1;
            }
            i += c == '\\' ? 2 : 1;
        }
        throw broken(at, "a string cut short");
    }

    private int skipSpace(int at) {
        while (at < text.to && space(text.at(at))) {
            at++;
        }
        return at;
    }

    private static boolean space(int c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean delimiter(int c) {
        return c == ',' || c == ']' || c == '}' || c == ':' || c == '[' || c == '{' || c == '"' || space(c);
    }

    private JsonParseException broken(int at, String why) {
        return new JsonParseException(null, "broken JSON at " + (at - text.from) + ": " + why);
    }
}
