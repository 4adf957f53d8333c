package com.camelexchange.paper;

import com.camelexchange.simulator.MutableClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Runs on a backtest's clock: each timer's task when the replay's time reaches its due time, on the replay's thread,
 * with the clock at that time. Due times between two events run before the later one is applied, so a poll sees
 * the market as it was at its time, however far apart the events are. Ties run in the order the timers were made.
 */
final class ReplayTimers {
    private static final Logger LOG = LoggerFactory.getLogger(ReplayTimers.class);

    private final MutableClock clock;
    private final List<Timer> timers = new CopyOnWriteArrayList<>();
    private long made;

    ReplayTimers(MutableClock clock) {
        this.clock = clock;
    }

    /** The task first {@code initialDelay} from the replay's time of now, then {@code delay} after each run. */
    synchronized AutoCloseable every(Duration initialDelay, Duration delay, Runnable task) {
        // A delay of 0 would run the task again at the same time for ever: one millisecond is the clock's step.
        Timer timer = new Timer(clock.millis() + initialDelay.toMillis(), Math.max(1, delay.toMillis()), task, made++);
        timers.add(timer);
        return () -> timers.remove(timer);
    }

    /** Runs every task due up to {@code until} (epoch ms), in time order. */
    void runUntil(long until) {
        Timer next;
        while ((next = nextDue(until)) != null) {
            if (next.due > clock.millis()) {
                clock.set(Instant.ofEpochMilli(next.due));
            }
            try {
                next.task.run();
            } catch (RuntimeException e) {
                LOG.warn("A task on the backtest's clock failed: {}", e.toString());
            }
            next.due = clock.millis() + next.delay;
        }
    }

    private Timer nextDue(long until) {
        Timer next = null;
        for (Timer timer : timers) {
            if (timer.due <= until && (next == null || timer.due < next.due
                                       || timer.due == next.due && timer.order < next.order)) {
                next = timer;
            }
        }
        return next;
    }

    private static final class Timer {
        /** Moved by the replay's thread only. */
        private volatile long due;
        private final long delay;
        private final Runnable task;
        private final long order;

        Timer(long due, long delay, Runnable task, long order) {
            this.due = due;
            this.delay = delay;
            this.task = task;
            this.order = order;
        }
    }
}
