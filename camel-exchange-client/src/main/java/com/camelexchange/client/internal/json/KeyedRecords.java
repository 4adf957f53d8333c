package com.camelexchange.client.internal.json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The records of a reply keyed by name ({@code markets}, {@code allTicker}), as read: those that kept their bounds,
 * in the order sent, and why the others were refused. One bad entry loses that entry, not the reply (see
 * {@link Records}).
 */
final class KeyedRecords<V> extends LinkedHashMap<String, V> {
    private static final long serialVersionUID = 1L;

    private final List<String> refusals = new ArrayList<>(0);
    private final List<String> refusedKeys = new ArrayList<>(0);

    void refuse(String why) {
        refusals.add(why);
    }

    /** A value refused under a key that could be read. */
    void refuse(String key, String why) {
        refusedKeys.add(key);
        refusals.add(why);
    }

    /** The keys whose values were refused. */
    List<String> refusedKeys() {
        return refusedKeys;
    }

    List<String> refusals() {
        return refusals;
    }
}
