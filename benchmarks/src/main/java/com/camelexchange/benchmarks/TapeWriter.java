package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Appends trades to a quiet simulator's tapes at a steady total rate, round robin over the markets, on a
 * harness thread, noting {@code System.nanoTime()} just before each append. The k-th trade it appends to a
 * market (k from 0) has the price {@code BASE + k}, so a ticker's {@code last} names the trade it shows, and
 * so when that value became current. It is the only writer, so each market's tids are consecutive.
 */
final class TapeWriter implements AutoCloseable {
    static final int BASE = 100;

    private final ExchangeSimulator sim;
    private final List<String> markets;
    private final long periodNanos;
    private final Tape[] tapes;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean pauseWanted;
    private volatile boolean paused;

    /** One market's appends: the first tid, and the time of each append by its index. */
    private static final class Tape {
        private long firstTid = -1;
        private long[] at = new long[1024];
        private int size;

        synchronized void add(long tid, long nanos) {
            if (firstTid < 0) {
                firstTid = tid;
            } else if (tid != firstTid + size) {
                throw new IllegalStateException("another writer appended to the tape: tid " + tid);
            }
            if (size == at.length) {
                at = Arrays.copyOf(at, size * 2);
            }
            at[size++] = nanos;
        }

        synchronized long at(long tid) {
            long index = tid - firstTid;
            return firstTid < 0 || index < 0 || index >= size ? -1 : at[(int) index];
        }

        synchronized long atIndex(long k) {
            return k < 0 || k >= size ? -1 : at[(int) k];
        }

        synchronized long lastTid() {
            return size == 0 ? -1 : firstTid + size - 1;
        }

        synchronized int size() {
            return size;
        }
    }

    TapeWriter(ExchangeSimulator sim, List<String> markets, double perSecond) {
        this.sim = sim;
        this.markets = List.copyOf(markets);
        this.periodNanos = (long) (TimeUnit.SECONDS.toNanos(1) / perSecond);
        this.tapes = new Tape[markets.size()];
        for (int i = 0; i < tapes.length; i++) {
            tapes[i] = new Tape();
        }
        this.thread = new Thread(this::run, ThreadMeter.HARNESS + "-tape");
        thread.setDaemon(true);
    }

    TapeWriter start() {
        thread.start();
        return this;
    }

    private void run() {
        long start = System.nanoTime();
        long j = 0;
        while (running) {
            if (pauseWanted) {
                paused = true;
                while (pauseWanted && running) {
                    LockSupport.parkNanos(1_000_000);
                }
                paused = false;
                start = System.nanoTime() - j * periodNanos; // on from now, not a burst to catch up
            }
            long due = start + j * periodNanos;
            long wait;
            while ((wait = due - System.nanoTime()) > 0 && running && !pauseWanted) {
                LockSupport.parkNanos(Math.min(wait, 1_000_000));
            }
            if (pauseWanted || !running) {
                continue;
            }
            int market = (int) (j % markets.size());
            String name = markets.get(market);
            long before = System.nanoTime();
            sim.exchange().recordHistoricalTrade(name, sim.clock().millis(),
                    BigDecimal.valueOf(BASE + tapes[market].size()), BigDecimal.ONE, j % 2 == 0 ? Side.BUY : Side.SELL);
            tapes[market].add(sim.exchange().lastTrade(name).tid(), before);
            j++;
        }
    }

    /** Stops appending until {@link #resume}, and waits until no append is under way. */
    void pause() throws InterruptedException {
        pauseWanted = true;
        while (!paused && running && thread.isAlive()) {
            Thread.sleep(1);
        }
    }

    void resume() {
        pauseWanted = false;
    }

    /** When the trade with this tid was appended, or -1 when this writer did not append it. */
    long appendedAt(int market, long tid) {
        return tapes[market].at(tid);
    }

    /** When the trade priced {@code BASE + k} was appended, or -1. */
    long stampedAt(int market, long k) {
        return tapes[market].atIndex(k);
    }

    /** The tid of the last trade appended to a market, or -1. */
    long lastTid(int market) {
        return tapes[market].lastTid();
    }

    long[] lastTids() {
        long[] last = new long[tapes.length];
        for (int i = 0; i < last.length; i++) {
            last[i] = lastTid(i);
        }
        return last;
    }

    /** Trades appended so far, all markets together. */
    long appended() {
        long total = 0;
        for (Tape tape : tapes) {
            total += tape.size();
        }
        return total;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(10_000);
    }
}
