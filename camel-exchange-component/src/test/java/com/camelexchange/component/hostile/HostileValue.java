package com.camelexchange.component.hostile;

import com.camelexchange.simulator.JsonRewrite;

import java.util.function.UnaryOperator;

/**
 * One hostile value for one field: set (as raw JSON text, valid or not), left out, or sent twice.
 *
 * @param label what it is, for the test's name
 * @param taken whether a client takes it as it is (an optional field left out): then nothing is refused
 */
record HostileValue(String label, Action action, String raw, boolean taken) {
    enum Action { SET, REMOVE, DUPLICATE }

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

    HostileValue asTaken() {
        return new HostileValue(label, action, raw, true);
    }

    UnaryOperator<String> at(String path) {
        return switch (action) {
            case SET -> JsonRewrite.set(path, raw);
            case REMOVE -> JsonRewrite.remove(path);
            case DUPLICATE -> JsonRewrite.duplicate(path, raw);
        };
    }
}
