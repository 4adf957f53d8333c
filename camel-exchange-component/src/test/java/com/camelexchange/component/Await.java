package com.camelexchange.component;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waiting in tests for what running routes make true: a bounded poll of a condition, never a fixed sleep. */
public final class Await {
    private Await() {
    }

    /** Polls {@code condition} every 5 ms; fails naming {@code what} after {@code seconds}. */
    public static void until(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        until(seconds, what, condition, null);
    }

    /**
     * As {@link #until(int, String, BooleanSupplier)}, and the failure also says how far it got: {@code progress}
     * read at the deadline (e.g. {@code "12,400 of 20,000"}), so that a slow run and a stuck one can be told apart.
     */
    public static void until(int seconds, String what, BooleanSupplier condition, Supplier<String> progress)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what
                                         + (progress == null ? "" : " (so far: " + progress.get() + ")"));
            }
            Thread.sleep(5);
        }
    }
}
