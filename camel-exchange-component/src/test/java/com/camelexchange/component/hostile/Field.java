package com.camelexchange.component.hostile;

import com.camelexchange.component.hostile.HostileValue.Action;

import java.util.List;
import java.util.stream.Stream;

/** One field of a reply shape, by its path in the reply ({@link com.camelexchange.simulator.JsonRewrite}). */
record Field(String path, FieldKind kind) {
    static Field of(String path, FieldKind kind) {
        return new Field(path, kind);
    }

    /**
     * Its hostile values, of its kind and of any field's structure; an element of an array (a book level's price, a
     * candle's close) has no key to repeat and no object beside it to add a field to.
     */
    List<HostileValue> hostile() {
        boolean inArray = path.substring(path.lastIndexOf('/') + 1).chars().allMatch(Character::isDigit);
        return Stream.concat(kind.hostile().stream(), HostileValue.structural())
                .filter(v -> !inArray || v.action() != Action.DUPLICATE && v.action() != Action.ADD).toList();
    }

    @Override
    public String toString() {
        return path;
    }
}
