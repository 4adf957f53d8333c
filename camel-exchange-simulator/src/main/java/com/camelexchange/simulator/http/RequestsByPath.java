package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.Echo;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Requests counted by HTTP method and path ({@code GET /api/order}), for the counters a user reads over HTTP. The
 * paths come from clients, so the table is bounded: a path is cut as error messages cut values, and once
 * {@value #MAX_KEYS} different ones were counted, every new one counts under {@value #OTHER}.
 */
final class RequestsByPath {
    /** Far more than the exchange's operations, methods and stream paths together. */
    static final int MAX_KEYS = 256;
    static final String OTHER = "(other)";

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void count(String method, String path) {
        String key = Echo.cut(method) + " " + Echo.cut(path);
        LongAdder count = counts.get(key);
        if (count == null) {
            // Past the bound the table only grows by the one OTHER key; two threads may both pass the size check,
            // which lets it grow by a handful at most.
            count = counts.computeIfAbsent(counts.size() < MAX_KEYS ? key : OTHER, k -> new LongAdder());
        }
        count.increment();
    }

    /** The counts now, sorted by method and path. */
    Map<String, Long> snapshot() {
        Map<String, Long> snapshot = new TreeMap<>();
        counts.forEach((key, count) -> snapshot.put(key, count.sum()));
        return snapshot;
    }
}
