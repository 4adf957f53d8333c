package com.camelexchange.client.feed;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A pool and a timer that run nothing by themselves: the test runs what was queued ({@link #runNext}) and moves
 * time on ({@link #advance}), so a consumer's work runs one step at a time, on the test's thread, without a clock.
 */
final class ManualPool extends AbstractExecutorService implements ScheduledExecutorService {
    private final Queue<Runnable> queued = new ArrayDeque<>();
    private final List<Timed> timed = new ArrayList<>();
    private long now;
    boolean rejecting;

    /** A task on the timer. */
    private final class Timed implements ScheduledFuture<Object> {
        final Runnable task;
        final long at;
        boolean cancelled;
        boolean done;

        Timed(Runnable task, long at) {
            this.task = task;
            this.at = at;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(at - now, TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            cancelled = !done;
            timed.remove(this);
            return cancelled;
        }

        @Override
        public boolean isCancelled() {
            return cancelled;
        }

        @Override
        public boolean isDone() {
            return done || cancelled;
        }

        @Override
        public Object get() {
            return null;
        }

        @Override
        public Object get(long timeout, TimeUnit unit) {
            return null;
        }
    }

    /** Runs on the pool (queued). */
    @Override
    public void execute(Runnable command) {
        if (rejecting) {
            throw new RejectedExecutionException("shut down");
        }
        queued.add(command);
    }

    int queued() {
        return queued.size();
    }

    /** Runs the oldest queued task; false when none is queued. */
    boolean runNext() {
        Runnable next = queued.poll();
        if (next == null) {
            return false;
        }
        next.run();
        return true;
    }

    /** Runs queued tasks until none is left (tasks they queue too), at most {@code most}; how many ran. */
    int runAll(int most) {
        int ran = 0;
        while (ran < most && runNext()) {
            ran++;
        }
        return ran;
    }

    /** Tasks waiting on the timer. */
    int timed() {
        return timed.size();
    }

    /** The delay of the next task on the timer; null when none. */
    Duration nextTimed() {
        return timed.stream().min(Comparator.comparingLong(t -> t.at)).map(t -> Duration.ofNanos(t.at - now))
                .orElse(null);
    }

    /** Moves time on, running the timer's tasks that come due (they may queue work on the pool). */
    void advance(Duration by) {
        now += by.toNanos();
        List<Timed> due = timed.stream().filter(t -> t.at <= now).sorted(Comparator.comparingLong(t -> t.at))
                .toList();
        timed.removeAll(due);
        for (Timed t : due) {
            t.done = true;
            t.task.run();
        }
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        if (rejecting) {
            throw new RejectedExecutionException("shut down");
        }
        Timed task = new Timed(command, now + unit.toNanos(delay));
        timed.add(task);
        return task;
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void shutdown() {
        rejecting = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        rejecting = true;
        return List.copyOf(queued);
    }

    @Override
    public boolean isShutdown() {
        return rejecting;
    }

    @Override
    public boolean isTerminated() {
        return rejecting && queued.isEmpty();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return isTerminated();
    }
}
