package com.camelexchange.client.internal.feed;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One consumer's work on a pool shared with others: run when woken, one run at a time and in order, never on a
 * thread of its own. A wake during a run makes one more run after it, queued behind what other consumers asked
 * for, so a busy consumer takes turns with the others rather than holding a thread. A run may ask for a pause
 * ({@link #holdFor}): the next run then starts after it, on the timer, and no thread waits meanwhile.
 */
public final class SerialWork {
    private final Executor pool;
    private final ScheduledExecutorService timer;
    private final Runnable body;
    /** What goes on the pool each time: one object for every run rather than a method reference per wake. */
    private final Runnable runner = this::run;

    // Guarded by this.
    private boolean queued;
    private boolean running;
    private boolean again;
    private boolean stopped;
    private long holdNanos;
    private ScheduledFuture<?> holding;

    /** @param body one run: does what is due and returns; asks for more with {@link #wake()} */
    public SerialWork(Executor pool, ScheduledExecutorService timer, Runnable body) {
        this.pool = pool;
        this.timer = timer;
        this.body = body;
    }

    /** Work is waiting: a run is queued, unless one is queued, running (it runs again after) or held. */
    public void wake() {
        synchronized (this) {
            if (stopped) {
                return;
            }
            if (running || holding != null) {
                again = true;
                return;
            }
            if (queued) {
                return;
            }
            queued = true;
        }
        submit();
    }

    /** Asked from a run: the next run starts no sooner than {@code delay} after this one ends. */
    public synchronized void holdFor(Duration delay) {
        holdNanos = Math.max(holdNanos, delay.toNanos());
    }

    /** No run after this; waits up to {@code timeout} for the one in progress, if any, to end. */
    public void stop(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (this) {
            stopped = true;
            if (holding != null) {
                holding.cancel(false);
                holding = null;
            }
            while (running) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
    }

    private void submit() {
        try {
            pool.execute(runner);
        } catch (RejectedExecutionException e) {
            // The pool is shut down: the streams close, and this consumer with them.
            synchronized (this) {
                queued = false;
            }
        }
    }

    private void run() {
        synchronized (this) {
            queued = false;
            if (stopped) {
                return;
            }
            running = true;
            again = false;
            holdNanos = 0;
        }
        try {
            body.run();
        } finally {
            // A delivery may leave an interrupt behind: it must not reach the next consumer on this thread.
            Thread.interrupted();
            boolean resubmit = false;
            synchronized (this) {
                running = false;
                if (stopped) {
                    notifyAll();
                } else if (holdNanos > 0) {
                    again = true;
                    hold(holdNanos);
                } else if (again) {
                    again = false;
                    queued = true;
                    resubmit = true;
                }
            }
            if (resubmit) {
                submit();
            }
        }
    }

    private void hold(long nanos) {
        try {
            holding = timer.schedule(this::holdOver, nanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // The timer is shut down: the streams close, and this consumer with them.
            holding = null;
        }
    }

    /** A pause is over: the run asked for or woken meanwhile comes now. */
    private void holdOver() {
        boolean resubmit;
        synchronized (this) {
            holding = null;
            resubmit = again && !stopped && !running && !queued;
            if (resubmit) {
                again = false;
                queued = true;
            }
        }
        if (resubmit) {
            submit();
        }
    }
}
