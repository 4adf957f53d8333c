package com.camelexchange.component.hostile;

import com.camelexchange.simulator.JsonRewrite;

import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One hostile value for one field: set (as raw JSON text, valid or not), left out, sent twice, or a field beside it
 * added to its record.
 *
 * @param label what it is, for the test's name
 * @param taken whether a client takes it as it is (an optional field left out): then nothing is refused
 */
record HostileValue(String label, Action action, String raw, boolean taken) {
    enum Action { SET, REMOVE, DUPLICATE, ADD }

    /** Deeper than any parser goes by default (Jackson's limit is 1,000 levels, ours 200). */
    static final int DEEP = 3_000;

    static HostileValue set(String label, String raw) {
        return new HostileValue(label, Action.SET, raw, false);
    }

    static HostileValue missing(boolean taken) {
        return new HostileValue("missing", Action.REMOVE, null, taken);
    }

    /** The key twice: as it was, then with {@code raw}, a value that would be taken on its own. */
    static HostileValue duplicated(String raw) {
        return new HostileValue("duplicated key", Action.DUPLICATE, raw, false);
    }

    /**
     * Records whose structure, not a value, is hostile, as an attacker who controls one field of one record would
     * send them: the field nested {@value #DEEP} levels deep, a field no reader asks for nested so, the field holding
     * a byte that is no UTF-8.
     */
    static Stream<HostileValue> structural() {
        String deep = "[".repeat(DEEP) + "1" + "]".repeat(DEEP);
        return Stream.of(set("nested " + DEEP + " deep", deep),
                new HostileValue("an extra field nested " + DEEP + " deep", Action.ADD, deep, false),
                set("a byte 0xFF", "\"b" + JsonRewrite.rawByte(0xFF) + "y\""));
    }

    HostileValue asTaken() {
        return new HostileValue(label, action, raw, true);
    }

    UnaryOperator<String> at(String path) {
        return switch (action) {
            case SET -> JsonRewrite.set(path, raw);
            case REMOVE -> JsonRewrite.remove(path);
            case DUPLICATE -> JsonRewrite.duplicate(path, raw);
            case ADD -> JsonRewrite.add(path.substring(0, path.lastIndexOf('/')), "x", raw);
        };
    }
}
