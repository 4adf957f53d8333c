package com.camelexchange.simulator;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded polling for conditions another thread makes true. */
final class Await {
    private static final Duration LIMIT = Duration.ofSeconds(10);

    private Await() {
    }

    static void until(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("Not within " + LIMIT + ": " + what);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
