package com.camelexchange.benchmarks;

import java.util.Arrays;

/**
 * What the routes (or a floor) delivered, per market, in arrival order: a value (a trade's tid, a ticker's
 * stamp) and {@code System.nanoTime()} on arrival. Kept in plain arrays, so that noting a delivery costs a
 * subject and its floor alike next to nothing.
 */
final class Deliveries {
    private final Market[] markets;

    /** One market's deliveries: {@code values[i]} arrived at {@code arrivals[i]}. */
    record Log(long[] values, long[] arrivals) {
        int size() {
            return values.length;
        }
    }

    private static final class Market {
        private long[] values = new long[256];
        private long[] arrivals = new long[256];
        private int size;

        synchronized void add(long value, long arrival) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
                arrivals = Arrays.copyOf(arrivals, size * 2);
            }
            values[size] = value;
            arrivals[size] = arrival;
            size++;
        }

        synchronized Log log() {
            return new Log(Arrays.copyOf(values, size), Arrays.copyOf(arrivals, size));
        }

        synchronized int size() {
            return size;
        }

        /** When the first value above {@code value} arrived, or -1. */
        synchronized long firstArrivalAbove(long value) {
            for (int i = 0; i < size; i++) {
                if (values[i] > value) {
                    return arrivals[i];
                }
            }
            return -1;
        }

        synchronized long max() {
            long max = Long.MIN_VALUE;
            for (int i = 0; i < size; i++) {
                max = Math.max(max, values[i]);
            }
            return max;
        }
    }

    Deliveries(int markets) {
        this.markets = new Market[markets];
        for (int i = 0; i < markets; i++) {
            this.markets[i] = new Market();
        }
    }

    void add(int market, long value) {
        markets[market].add(value, System.nanoTime());
    }

    int markets() {
        return markets.length;
    }

    Log log(int market) {
        return markets[market].log();
    }

    long firstArrivalAbove(int market, long value) {
        return markets[market].firstArrivalAbove(value);
    }

    /** The greatest value delivered for a market, or {@link Long#MIN_VALUE}. */
    long max(int market) {
        return markets[market].max();
    }

    /** Deliveries so far, all markets together. */
    long count() {
        long count = 0;
        for (Market market : markets) {
            count += market.size();
        }
        return count;
    }
}
