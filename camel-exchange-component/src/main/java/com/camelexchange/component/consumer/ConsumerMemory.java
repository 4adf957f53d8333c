package com.camelexchange.component.consumer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where an endpoint's consumers keep their state when no {@code stateRepository} is set. Camel makes a new
 * consumer each time a route starts, so state kept in the consumer would be lost by a route's stop and
 * start: a trades route would skip what was traded meanwhile, an orders route announce every open order
 * again. The endpoint outlives its consumers, so the state is kept here, per route: another route added
 * on the endpoint once the first was removed starts afresh, as a new route does.
 */
public final class ConsumerMemory {
    private final Map<String, StateSlot> slots = new ConcurrentHashMap<>();

    /** The in-memory slot of a route's consumer under a key; a consumer outside any route gets one of its own. */
    StateSlot slot(String routeId, String key) {
        if (routeId == null) {
            return new StateSlot(null, key);
        }
        return slots.computeIfAbsent(routeId + '\n' + key, k -> new StateSlot(null, key));
    }
}
