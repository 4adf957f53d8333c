package com.camelexchange.client.json;

import com.fasterxml.jackson.core.JsonParseException;

import java.util.Arrays;
import java.util.List;

/**
 * Finds where the records of a reply's lists lie, before anything in them is decoded: one pass over the text that
 * follows only its structure (strings, brackets, commas, colons), with no recursion and no decoding of a value, so
 * that whatever is inside one record (nesting a thousand levels deep, bytes that are no UTF-8, any type, any size)
 * cannot stop the pass. Each record is then read on its own ({@link ReplyShape}), and one that cannot be read loses
 * itself alone.
 *
 * <p>A list is named by its path: the keys that lead to it from the top of the reply (none when the reply is the
 * list). Keys match as JSON means them, escapes decoded. A list of records is an array; a list keyed by name (the
 * markets, the tickers of all markets) is an object, each of its members a record. A path that leads nowhere, or
 * to a value of another type, finds no list: the whole is then read as it is, and refused if it lacks the list.
 *
 * <p>Only a text whose structure is broken is refused whole (a {@link JsonParseException}): a bracket closed by
 * the other kind, a string or an object cut short, a comma or a colon out of place. Then where one record ends
 * cannot be known for sure. The scan stops at the end of the first value; what follows it is left to the reader of
 * the whole, which refuses a second value as it always did.
 */
final class RecordSlicer {
    /** The depth the stacks start with; they grow with the text's nesting, which its size bounds. */
    private static final int DEPTH = 16;

    private final JsonText text;
    private final List<String[]> paths;
    private final boolean[] keyed;
    private final Found[] found;

    // One entry per open container, by depth.
    private boolean[] objects = new boolean[DEPTH];
    /** The paths still open below each container: bit i for path i. */
    private int[] below = new int[DEPTH];
    /** The list each container is, or -1. */
    private int[] lists = new int[DEPTH];
    /** Where the current member of each container began (its key, in an object). */
    private int[] memberStart = new int[DEPTH];
    private int[] keyEnd = new int[DEPTH];
    private int depth;

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
         * Per record, four indexes: where its key starts and ends (the quotes included; -1 in an array), where its
         * value starts and ends.
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

    private void scan() throws JsonParseException {
        int at = text.from + text.byteOrderMark();
        int open = (1 << paths.size()) - 1;
        values:
        while (true) {
            at = skipSpace(at);
            int start = at;
            if (at >= text.to) {
                throw broken(at, "cut short");
            }
            int c = text.at(at);
            if (c == '{' || c == '[') {
                push(at, c == '{', open);
                at = skipSpace(at + 1);
                if (!closes(at)) {
                    open = firstMember(at);
                    at = firstMemberValue;
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
            // A value ran from start to at: tell its list, then go on to the next member, climbing out of every
            // container that ends here.
            while (depth > 0) {
                int parent = depth - 1;
                if (lists[parent] >= 0) {
                    found[lists[parent]].add(objects[parent] ? memberStart[parent] : -1,
                            objects[parent] ? keyEnd[parent] : -1, start, at);
                }
                at = skipSpace(at);
                if (at < text.to && text.at(at) == ',') {
                    open = firstMember(skipSpace(at + 1));
                    at = firstMemberValue;
                    continue values;
                }
                if (!closes(at)) {
                    throw broken(at, at >= text.to ? "cut short"
                            : "',' or the end of " + (objects[parent] ? "an object" : "an array") + " expected");
                }
                start = opens[parent];
                at = close(at);
            }
            return;
        }
    }

    /** Where the value of the member {@link #firstMember} read begins. */
    private int firstMemberValue;

    /**
     * Starts a member of the container on top at {@code at}: in an object, reads its key and colon. Sets
     * {@link #firstMemberValue} to where its value begins.
     *
     * @return the paths the member's value is on
     */
    private int firstMember(int at) throws JsonParseException {
        int top = depth - 1;
        memberStart[top] = at;
        if (!objects[top]) {
            firstMemberValue = at;
            return 0;
        }
        firstMemberValue = key(at);
        return keyMatches(top);
    }

    /** The index of each open container's bracket, by depth. */
    private int[] opens = new int[DEPTH];

    private void push(int at, boolean object, int open) {
        if (depth == objects.length) {
            int size = depth * 2;
            objects = Arrays.copyOf(objects, size);
            below = Arrays.copyOf(below, size);
            lists = Arrays.copyOf(lists, size);
            memberStart = Arrays.copyOf(memberStart, size);
            keyEnd = Arrays.copyOf(keyEnd, size);
            opens = Arrays.copyOf(opens, size);
        }
        int list = -1;
        int deeper = 0;
        for (int i = 0; i < paths.size(); i++) {
            if ((open & (1 << i)) == 0) {
                continue;
            }
            int length = paths.get(i).length;
            if (length == depth && keyed[i] == object && found[i] == null) {
                list = i;
            } else if (length > depth && object) {
                deeper |= 1 << i;
            }
        }
        objects[depth] = object;
        lists[depth] = list;
        below[depth] = list >= 0 ? 0 : deeper;
        opens[depth] = at;
        if (list >= 0) {
            found[list] = new Found();
            found[list].open = at;
        }
        depth++;
    }

    /** Closes the container whose closing bracket is at {@code at}; the index after it. */
    private int close(int at) throws JsonParseException {
        int c = text.at(at);
        int top = depth - 1;
        if ((c == '}') != objects[top]) {
            throw broken(at, "'" + (char) c + "' closes " + (objects[top] ? "an object" : "an array"));
        }
        if (lists[top] >= 0) {
            found[lists[top]].close = at;
        }
        depth--;
        return at + 1;
    }

    /** Whether a closing bracket is at {@code at} (of either kind: {@link #close} says whether it is the right one). */
    private boolean closes(int at) {
        if (at >= text.to) {
            return false;
        }
        int c = text.at(at);
        return c == '}' || c == ']';
    }

    /** Reads a member's key and its colon in the object on top; the index of its value. */
    private int key(int at) throws JsonParseException {
        int top = depth - 1;
        if (at >= text.to || text.at(at) != '"') {
            throw broken(at, "a key expected");
        }
        int end = string(at);
        keyEnd[top] = end;
        int colon = skipSpace(end);
        if (colon >= text.to || text.at(colon) != ':') {
            throw broken(colon, "':' expected");
        }
        return colon + 1;
    }

    /** The paths the value of the current member of the object at {@code container} is on. */
    private int keyMatches(int container) {
        int open = below[container];
        if (open == 0) {
            return 0;
        }
        int matches = 0;
        for (int i = 0; i < paths.size(); i++) {
            if ((open & (1 << i)) != 0 && keyIs(memberStart[container], keyEnd[container], paths.get(i)[container])) {
                matches |= 1 << i;
            }
        }
        return matches;
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
        while (at < text.to) {
            int c = text.at(at);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return at;
            }
            at++;
        }
        return at;
    }

    private static boolean delimiter(int c) {
        return c == ',' || c == ']' || c == '}' || c == ':' || c == '[' || c == '{' || c == '"'
               || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private JsonParseException broken(int at, String why) {
        return new JsonParseException(null, "broken JSON at " + (at - text.from) + ": " + why);
    }
}
