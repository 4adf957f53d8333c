package com.camelexchange.client.internal.budget;

import com.camelexchange.client.budget.Held;
import com.camelexchange.client.budget.RateBudget;
import com.camelexchange.client.error.ExchangeRateLimitException;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * At most {@code permits} requests in any window of {@code window} as the exchange counts them, handed out
 * first come, first served.
 *
 * <p>The exchange counts a request when it arrives, which is after it was sent and before its reply. So a
 * request is sent no earlier than one window after the <em>reply</em> (or failure) of the request
 * {@code permits} places before it: then no {@code permits + 1} requests can arrive within one window,
 * however the network delays them, and no margin for jitter is needed. A caller reserves its slot under the
 * lock, sleeps outside it, and {@linkplain Permit#close() closes} its permit when the call has ended.
 *
 * <p>Callers wait in a queue, each on a condition of its own, and only the first is woken when a permit it may
 * take comes back: hundreds of routes waiting on one budget cost one wake-up per permit, not one each, and none
 * of them overtakes another that asked earlier.
 */
public final class RateLimiter implements RateBudget {
    /** The exchange's clock counts milliseconds; one more keeps an exact window on the safe side. */
    private static final long EPSILON_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final String scope;
    private final long windowNanos;
    private final ReentrantLock lock = new ReentrantLock();
    /** Callers waiting for their turn, first come first; the head waits for the oldest slot to end. */
    private final ArrayDeque<Condition> queue = new ArrayDeque<>();
    /** Per slot: when its request ended (or, while it is in flight, when it was sent). */
    private final long[] ended;
    private final boolean[] inFlight;
    private int oldest;
    private long pausedUntil = Long.MIN_VALUE;
    private String pauseReason;
    private long wakeUps;

    /** Handed to the caller for one request; close it when the reply (or failure) has arrived. */
    public final class Permit implements Held {
        private final int slot;
        private boolean closed;

        private Permit(int slot) {
            this.slot = slot;
        }

        @Override
        public void close() {
            lock.lock();
            try {
                if (!closed) {
                    closed = true;
                    ended[slot] = System.nanoTime();
                    inFlight[slot] = false;
                    if (slot == oldest) {
                        wakeHead();
                    }
                }
            } finally {
                lock.unlock();
            }
        }
    }

    public RateLimiter(String scope, int permits, Duration window) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be at least 1: " + permits);
        }
        this.scope = scope;
        this.windowNanos = window.toNanos() + EPSILON_NANOS;
        this.ended = new long[permits];
        this.inFlight = new boolean[permits];
        Arrays.fill(ended, Long.MIN_VALUE / 4);
    }

    /**
     * Waits for a permit, after every caller that asked before. Throws {@link ExchangeRateLimitException}
     * without waiting when the permit is further away than {@code maxWait}, or when it has not come within it.
     */
    public Permit acquire(Duration maxWait) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        int slot;
        long sendAt;
        lock.lock();
        try {
            awaitTurn(deadline, maxWait);
            long now = System.nanoTime();
            sendAt = Math.max(Math.max(now, ended[oldest] + windowNanos), pausedUntil);
            if (sendAt - now > Math.max(0, deadline - now)) {
                wakeHead();
                throw new ExchangeRateLimitException(pauseReason != null && pausedUntil > now
                        ? scope + " (" + pauseReason + ")" : scope, maxWait);
            }
            slot = oldest;
            ended[slot] = sendAt;
            inFlight[slot] = true;
            oldest = (oldest + 1) % ended.length;
            wakeHead();
        } finally {
            lock.unlock();
        }
        Permit permit = new Permit(slot);
        long wait = sendAt - System.nanoTime();
        if (wait > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                permit.close();
                Thread.currentThread().interrupt();
                throw new ExchangeRateLimitException(scope + " (interrupted)", maxWait);
            }
        }
        return permit;
    }

    /**
     * Returns, holding the lock, once this caller is first and the oldest slot has ended: at once when no one
     * waits and the slot is free; otherwise in the queue, woken only when it is its turn.
     */
    private void awaitTurn(long deadline, Duration maxWait) {
        if (queue.isEmpty() && !inFlight[oldest]) {
            return;
        }
        Condition turn = lock.newCondition();
        queue.addLast(turn);
        try {
            while (queue.peekFirst() != turn || inFlight[oldest]) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ExchangeRateLimitException(scope, maxWait);
                }
                turn.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExchangeRateLimitException(scope + " (interrupted)", maxWait);
        } catch (ExchangeRateLimitException e) {
            boolean wasHead = queue.peekFirst() == turn;
            queue.remove(turn);
            if (wasHead) {
                wakeHead();
            }
            throw e;
        }
        queue.removeFirst();
    }

    /** Wakes the first waiting caller, if any, to look at the oldest slot. Called with the lock held. */
    private void wakeHead() {
        Condition head = queue.peekFirst();
        if (head != null) {
            wakeUps++;
            head.signal();
        }
    }

    /**
     * Hands out no permit for {@code duration}: the exchange refused a request of this scope, so the
     * client backs off instead of insisting.
     */
    @Override
    public void pause(Duration duration, String reason) {
        lock.lock();
        try {
            pausedUntil = Math.max(pausedUntil, System.nanoTime() + duration.toNanos());
            pauseReason = reason;
        } finally {
            lock.unlock();
        }
    }

    /** {@inheritDoc} A permit of this JVM ends when its holder closes it: {@code maxHold} is not needed. */
    @Override
    public Held acquire(Duration maxWait, Duration maxHold) {
        return acquire(maxWait);
    }

    @Override
    public String label() {
        return scope;
    }

    /** {@inheritDoc} Permits handed out (or reserved, their holder sleeping until its send time) and not closed. */
    @Override
    public int inUse() {
        lock.lock();
        try {
            int held = 0;
            for (boolean slot : inFlight) {
                if (slot) {
                    held++;
                }
            }
            return held;
        } finally {
            lock.unlock();
        }
    }

    /** Callers waiting for a permit now. */
    public int waiting() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** How many times a waiting caller was woken so far: about one per permit handed out to a waiter. */
    public long wakeUps() {
        lock.lock();
        try {
            return wakeUps;
        } finally {
            lock.unlock();
        }
    }
}
