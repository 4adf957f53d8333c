package com.camelexchange.client;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most one WARN a minute about one thing that may repeat (a refused record, a refused id, failing polls): the
 * first time, then once a minute has passed since the last; the times in between go to DEBUG, so a log is told
 * without being flooded. Thread-safe.
 */
public final class OncePerMinute {
    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    /** When the last WARN was due ({@link System#nanoTime()}, never 0 once one was); 0 before the first. */
    private final AtomicLong last = new AtomicLong();

    /** Whether this time is one to tell at WARN. */
    public boolean due() {
        long now = System.nanoTime();
        long previous = last.get();
        return (previous == 0 || now - previous >= MINUTE) && last.compareAndSet(previous, now | 1);
    }
}
