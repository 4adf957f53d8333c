package com.camelexchange.component.hostile;

import java.util.List;

/** One field of a reply shape, by its path in the reply ({@link com.camelexchange.simulator.JsonRewrite}). */
record Field(String path, FieldKind kind) {
    static Field of(String path, FieldKind kind) {
        return new Field(path, kind);
    }

    /** Its hostile values; an element of an array (a book level's price, a candle's close) has no key to repeat. */
    List<HostileValue> hostile() {
        boolean inArray = path.substring(path.lastIndexOf('/') + 1).chars().allMatch(Character::isDigit);
        return kind.hostile().stream().filter(v -> !inArray || v.action() != HostileValue.Action.DUPLICATE).toList();
    }

    @Override
    public String toString() {
        return path;
    }
}
