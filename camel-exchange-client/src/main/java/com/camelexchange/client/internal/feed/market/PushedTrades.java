package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.model.Trade;

import java.util.Arrays;
import java.util.List;

/**
 * The pushed trades not delivered yet, in tid order, one per tid (a trade pushed again replaces the one kept). Pushes
 * come in tid order, so a trade is almost always added at the end and taken from the front: an array does both
 * without an entry or a boxed id per trade, which a sorted map would make for every trade pushed. Not thread-safe:
 * its owner's lock guards it.
 */
final class PushedTrades {
    private static final int INITIAL = 16;
    /** The capacity kept once empty; more is let go, so that a burst does not pin its size for the consumer's life. */
    private static final int RETAINED = 1024;

    private Trade[] trades = new Trade[INITIAL];
    /** The kept trades are {@code trades[head..tail)}. */
    private int head;
    private int tail;

    int size() {
        return tail - head;
    }

    boolean isEmpty() {
        return head == tail;
    }

    void clear() {
        Arrays.fill(trades, head, tail, null);
        emptied();
    }

    /** Keeps a trade in its place by tid, replacing one of the same tid. */
    void put(Trade trade) {
        long tid = trade.tid();
        if (isEmpty() || tid > trades[tail - 1].tid()) {
            room();
            trades[tail++] = trade;
            return;
        }
        int at = find(tid);
        if (at >= 0) {
            trades[at] = trade;
            return;
        }
        // Room first: making it may move the trades, and the place with them.
        room();
        int insert = -find(tid) - 1;
        System.arraycopy(trades, insert, trades, insert + 1, tail - insert);
        trades[insert] = trade;
        tail++;
    }

    /** The oldest kept trade; null when none is kept. */
    Trade first() {
        return isEmpty() ? null : trades[head];
    }

    /** The newest kept trade's tid; call only when one is kept. */
    long lastTid() {
        return trades[tail - 1].tid();
    }

    void removeFirst() {
        trades[head++] = null;
        if (head == tail) {
            emptied();
        }
    }

    boolean contains(long tid) {
        return find(tid) >= 0;
    }

    /** Takes out every trade after {@code tid}, oldest first. */
    List<Trade> removeAfter(long tid) {
        int from = find(tid);
        from = from >= 0 ? from + 1 : -from - 1;
        List<Trade> removed = List.of(Arrays.copyOfRange(trades, from, tail));
        Arrays.fill(trades, from, tail, null);
        tail = from;
        if (head == tail) {
            emptied();
        }
        return removed;
    }

    private void emptied() {
        head = 0;
        tail = 0;
        if (trades.length > RETAINED) {
            trades = new Trade[INITIAL];
        }
    }

    /** The index of {@code tid} if kept, else {@code -(insertion point) - 1}, as {@link Arrays#binarySearch}. */
    private int find(long tid) {
        int low = head;
        int high = tail - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long at = trades[mid].tid();
            if (at < tid) {
                low = mid + 1;
            } else if (at > tid) {
                high = mid - 1;
            } else {
                return mid;
            }
        }
        return -(low + 1);
    }

    /** Room for one more at the end: the taken front is reused when it is half the array, else the array grows. */
    private void room() {
        if (tail < trades.length) {
            return;
        }
        if (head >= trades.length / 2) {
            System.arraycopy(trades, head, trades, 0, tail - head);
            Arrays.fill(trades, tail - head, tail, null);
            tail -= head;
            head = 0;
        } else {
            trades = Arrays.copyOf(trades, trades.length * 2);
        }
    }
}
