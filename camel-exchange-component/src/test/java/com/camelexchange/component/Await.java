package com.camelexchange.component;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting in tests for what running routes make true: a bounded poll of a condition, never a fixed sleep. */
public final class Await {
    private Await() {
    }

    /** Polls {@code condition} every 5 ms; fails naming {@code what} after {@code seconds}. */
    public static void until(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(5);
        }
    }
}
