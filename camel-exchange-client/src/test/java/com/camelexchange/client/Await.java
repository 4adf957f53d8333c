package com.camelexchange.client;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for what a test expects to happen, with a ceiling generous enough for a busy machine; never times it. */
public final class Await {
    private static final Duration CEILING = Duration.ofSeconds(30);

    private Await() {
    }

    /** Waits until {@code condition} holds, checking every 5 ms; fails after 30 s, saying what did not happen. */
    public static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + CEILING.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not within " + CEILING.toSeconds() + " s: " + what);
            }
            Thread.sleep(5);
        }
    }
}
