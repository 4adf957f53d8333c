package com.camelexchange.client;

import com.camelexchange.client.internal.http.CallDeadline;
import com.camelexchange.client.budget.Held;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PriceAmount;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * Keeps an order write that is found by what it is (a variant B order, a batch) from being under way while an
 * alike order write of this JVM is (same market, side, price and amount). A write whose reply is lost is found
 * among the orders placed since it was sent; an alike order another route placed meanwhile would be taken for its
 * own. So such a write holds its orders' locks alone from before it reads the newest order until it knows its
 * outcome (its reply, or the end of its first look-up), and an alike write waits, within its own
 * {@code callTimeout}. An order with an id of its own (a variant A order's customerOrderId) cannot be mistaken, so
 * alike ones share the lock among themselves while they are sent, and only wait for a write that holds it alone.
 *
 * <p>JVM-wide rather than per component: two components on one account are two writers all the same. A fixed table
 * of locks, each order taking the one its values hash to: memory stays the same however many orders, and unrelated
 * orders rarely share a lock (then one waits for the other's round trip, nothing worse). Locks are taken in table
 * order, so two batches never wait for each other in a circle.
 */
final class LookAlikeWrites {
    private static final int LOCKS = 256;
    private static final ReentrantReadWriteLock[] TABLE = new ReentrantReadWriteLock[LOCKS];

    static {
        for (int i = 0; i < LOCKS; i++) {
            TABLE[i] = new ReentrantReadWriteLock();
        }
    }

    private LookAlikeWrites() {
    }

    /**
     * For a write found by what it is: waits until no alike write is under way and holds off the next; close what it
     * returns when the outcome is known.
     *
     * @throws ExchangeTransportException (not sent) when the deadline passes first
     */
    static Held alone(String operation, String market, OrderSide side, List<PriceAmount> pairs,
                      CallDeadline deadline) {
        return hold(operation, market, side, pairs, deadline, ReentrantReadWriteLock::writeLock);
    }

    /**
     * For a write with an id of its own: waits while a write found by what it is holds an alike order's lock, and
     * holds off the next such write; close what it returns when the write has been answered or has failed.
     *
     * @throws ExchangeTransportException (not sent) when the deadline passes first
     */
    static Held shared(String operation, String market, OrderSide side, List<PriceAmount> pairs,
                       CallDeadline deadline) {
        return hold(operation, market, side, pairs, deadline, ReentrantReadWriteLock::readLock);
    }

    private static Held hold(String operation, String market, OrderSide side, List<PriceAmount> pairs,
                             CallDeadline deadline, Function<ReentrantReadWriteLock, Lock> mode) {
        TreeSet<Integer> indexes = new TreeSet<>();
        for (PriceAmount pair : pairs) {
            indexes.add(index(market, side, pair));
        }
        List<Lock> held = new ArrayList<>(indexes.size());
        try {
            for (int index : indexes) {
                Lock lock = mode.apply(TABLE[index]);
                if (!lock.tryLock(deadline.remaining().toNanos(), TimeUnit.NANOSECONDS)) {
                    throw deadline.spent(operation, "while a write of alike orders was under way");
                }
                held.add(lock);
            }
        } catch (InterruptedException e) {
            release(held);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for a write of alike orders", e);
        } catch (RuntimeException e) {
            release(held);
            throw e;
        }
        return () -> release(held);
    }

    private static void release(List<Lock> held) {
        for (int i = held.size() - 1; i >= 0; i--) {
            held.get(i).unlock();
        }
        held.clear();
    }

    /** Equal values give the same lock whatever their scale: 60000 and 60000.00 are one price. */
    private static int index(String market, OrderSide side, PriceAmount pair) {
        return Math.floorMod(Objects.hash(market, side, plain(pair.price()), plain(pair.amount())), LOCKS);
    }

    private static BigDecimal plain(BigDecimal value) {
        return value.stripTrailingZeros();
    }
}
