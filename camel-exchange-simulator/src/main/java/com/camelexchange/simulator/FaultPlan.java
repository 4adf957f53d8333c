package com.camelexchange.simulator;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
    private volatile RandomFaults random;

    /** Faults drawn at random for calls with nothing queued: each call meets one with a probability. */
    private record RandomFaults(double probability, java.util.Random draws, List<Fault> faults) {
        synchronized Fault next() {
            return draws.nextDouble() < probability ? faults.get(draws.nextInt(faults.size())) : null;
        }
    }

    /**
     * From now on, every call with no fault queued for it meets one of {@code faults} with the given
     * probability, drawn from a generator seeded with {@code seed} (for soak tests).
     */
    public FaultPlan random(double probability, long seed, List<Fault> faults) {
        if (probability < 0 || probability > 1 || faults.isEmpty()) {
            throw new IllegalArgumentException("probability must be 0..1 and faults not empty");
        }
        this.random = new RandomFaults(probability, new java.util.Random(seed), List.copyOf(faults));
        return this;
    }

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
        if (fault == null) {
            fault = poll(queued.get(ANY));
        }
        RandomFaults drawn = random;
        return fault != null || drawn == null ? fault : drawn.next();
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

    /** Whether no fault is queued for any call and none drawn at random: a call now meets none. */
    public boolean none() {
        if (random != null) {
            return false;
        }
        for (Deque<Fault> q : queued.values()) {
            synchronized (q) {
                if (!q.isEmpty()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Removes queued faults and stops random ones. */
    public void clear() {
        queued.clear();
        random = null;
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
