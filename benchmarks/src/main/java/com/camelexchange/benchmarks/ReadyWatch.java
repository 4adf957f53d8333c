package com.camelexchange.benchmarks;

import com.camelexchange.simulator.ExchangeSimulator;

import java.util.List;

/**
 * When N streamed routes (or the floor) are ready. From {@code t0} (just before the routes are added to the
 * started context, or the floor opens its connection): <em>subscribed</em> is the first instant, polled every
 * 2 ms, at which the simulator counts every one of the N trades channels subscribed; <em>ready</em> is the
 * arrival of the last of the N first trades delivered that were appended after that instant, i.e. when every
 * route has delivered a trade that came after it was subscribed. With trades appended round robin, that
 * includes up to N ÷ rate seconds of waiting for each market's next trade (0.4 s for 200 markets at 500/s).
 */
final class ReadyWatch {

    /** Seconds from t0 (NaN when not within the timeout), and REST calls from before the start until ready. */
    record Ready(double subscribedSeconds, double readySeconds, long restCalls) {
    }

    private ReadyWatch() {
    }

    static Ready await(ExchangeSimulator sim, List<String> markets, TapeWriter tape, Deliveries deliveries, long t0,
                       long restBefore, int timeoutSeconds) throws InterruptedException {
        long deadline = t0 + timeoutSeconds * 1_000_000_000L;
        int subscribed = 0;
        while (subscribed < markets.size() && System.nanoTime() < deadline) {
            while (subscribed < markets.size()
                    && sim.streamSubscriptions(ScaleSupport.tradesChannel(markets.get(subscribed))) > 0) {
                subscribed++;
            }
            if (subscribed < markets.size()) {
                Thread.sleep(2);
            }
        }
        if (subscribed < markets.size()) {
            return new Ready(Double.NaN, Double.NaN, sim.requestCount() - restBefore);
        }
        long subscribedAt = System.nanoTime();
        long[] before = tape.lastTids();
        boolean[] done = new boolean[markets.size()];
        int left = markets.size();
        long readyAt = subscribedAt;
        while (left > 0 && System.nanoTime() < deadline) {
            for (int i = 0; i < done.length; i++) {
                long arrival = done[i] ? -1 : deliveries.firstArrivalAbove(i, before[i]);
                if (arrival >= 0) {
                    done[i] = true;
                    left--;
                    readyAt = Math.max(readyAt, arrival);
                }
            }
            if (left > 0) {
                Thread.sleep(2);
            }
        }
        long rest = sim.requestCount() - restBefore;
        return new Ready((subscribedAt - t0) / 1e9, left > 0 ? Double.NaN : (readyAt - t0) / 1e9, rest);
    }
}
