package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.Market;

import java.util.LinkedHashMap;
import java.util.Set;
import java.util.TreeSet;

/**
 * The exchange's markets as read, keyed by name, and the names of those whose configuration was refused for a value
 * out of bounds: the exchange lists them, but what it says of them cannot be used. Whoever keeps the list keeps
 * what it knew of those before, rather than forgetting a market for one bad value.
 */
public final class MarketList extends LinkedHashMap<String, Market> {
    private static final long serialVersionUID = 1L;

    private final Set<String> refused = new TreeSet<>();

    MarketList() {
    }

    void refused(String name) {
        refused.add(name);
    }

    /** The markets listed with a configuration out of bounds. */
    public Set<String> refused() {
        return Set.copyOf(refused);
    }
}
