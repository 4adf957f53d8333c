package com.camelexchange.simulator;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Faults queued for the next calls of a method. Methods are named as the last path segment:
 * {@code order}, {@code getOrder}, ... for the trade API and {@code ticker}, {@code trades}, ... for
 * market data; {@link #ANY} matches every call that has no fault queued under its own name.
 */
public final class FaultPlan {
    public static final String ANY = "*";

    private final Map<String, Deque<Fault>> queued = new ConcurrentHashMap<>();

    /** Plays {@code fault} for the next {@code times} calls of {@code method}. */
    public FaultPlan inject(String method, Fault fault, int times) {
        if (times < 1) {
            throw new IllegalArgumentException("times must be at least 1: " + times);
        }
        Deque<Fault> q = queued.computeIfAbsent(method, m -> new ArrayDeque<>());
        synchronized (q) {
            for (int i = 0; i < times; i++) {
                q.addLast(fault);
            }
        }
        return this;
    }

    /** Plays {@code fault} for the next call of {@code method}. */
    public FaultPlan inject(String method, Fault fault) {
        return inject(method, fault, 1);
    }

    /** Takes the fault for this call, if one is queued. */
    public Fault next(String method) {
        Fault fault = poll(queued.get(method));
        return fault != null ? fault : poll(queued.get(ANY));
    }

    /** The number of faults still queued for a method. */
    public int pending(String method) {
        Deque<Fault> q = queued.get(method);
        if (q == null) {
            return 0;
        }
        synchronized (q) {
            return q.size();
        }
    }

    public void clear() {
        queued.clear();
    }

    private static Fault poll(Deque<Fault> q) {
        if (q == null) {
            return null;
        }
        synchronized (q) {
            return q.pollFirst();
        }
    }
}
