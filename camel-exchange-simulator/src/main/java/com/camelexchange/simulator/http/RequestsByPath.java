package com.camelexchange.simulator.http;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Requests counted by HTTP method and path ({@code GET /api/order}), for the counters a user reads over HTTP. The
 * paths come from clients, so the table is bounded: a method or path longer than {@value #MAX_TEXT} characters is
 * cut, and once {@value #MAX_KEYS} different ones were counted, every new one counts under {@value #OTHER}.
 */
final class RequestsByPath {
    /** Far more than the exchange's operations, methods and stream paths together. */
    static final int MAX_KEYS = 256;
    /** Longer than every path of the exchange's ({@code /api/getUnfinishedOrdersIgnoreTradeType} is 39). */
    static final int MAX_TEXT = 64;
    static final String OTHER = "(other)";

    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

    void count(String method, String path) {
        String key = cut(method) + " " + cut(path);
        LongAdder count = counts.get(key);
        if (count == null) {
            // Past the bound the table only grows by the one OTHER key; two threads may both pass the size check,
            // which lets it grow by a handful at most.
            count = counts.computeIfAbsent(counts.size() < MAX_KEYS ? key : OTHER, k -> new LongAdder());
        }
        count.increment();
    }

    private static String cut(String text) {
        if (text.length() <= MAX_TEXT) {
            return text;
        }
        // Never half a surrogate pair: it would be written as '?'.
        int end = Character.isHighSurrogate(text.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT;
        return text.substring(0, end) + "...";
    }

    /** The counts now, sorted by method and path. */
    Map<String, Long> snapshot() {
        Map<String, Long> snapshot = new TreeMap<>();
        counts.forEach((key, count) -> snapshot.put(key, count.sum()));
        return snapshot;
    }
}
