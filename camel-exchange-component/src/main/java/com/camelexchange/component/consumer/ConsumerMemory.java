package com.camelexchange.component.consumer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where an endpoint's consumers keep their state when no {@code stateRepository} is set. Camel makes a new
 * consumer each time a route starts (and camel-master one each time this instance leads), so state kept in
 * the consumer would be lost by a route's stop and start: a trades route would skip what was traded
 * meanwhile, an orders route announce every open order again. The endpoint outlives its consumers, and
 * Camel runs at most one consumer on it at a time, so the state is kept here, under the consumer's state
 * key. Only a new Camel context (new endpoints) starts afresh.
 */
public final class ConsumerMemory {
    private final Map<String, StateSlot> slots = new ConcurrentHashMap<>();

    /** The in-memory slot under a state key. */
    StateSlot slot(String key) {
        return slots.computeIfAbsent(key, k -> new StateSlot(null, k));
    }
}
