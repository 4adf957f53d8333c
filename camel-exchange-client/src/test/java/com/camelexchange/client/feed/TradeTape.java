package com.camelexchange.client.feed;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** A market's tape on the simulator, as the feed tests append to it and read what it holds. */
final class TradeTape {
    private final ExchangeSimulator simulator;
    private final String market;

    TradeTape(ExchangeSimulator simulator, String market) {
        this.simulator = simulator;
        this.market = market;
    }

    /** Appends trades at the simulator's time now, buys and sells in turn; the simulator pushes them. */
    void add(int count) {
        long at = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(market, at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    /** The id of the last trade on the tape; 0 when it holds none. */
    long lastTid() {
        var last = simulator.exchange().lastTrade(market);
        return last == null ? 0 : last.tid();
    }

    /** The ids after {@code afterTid} up to {@code lastTid}, but {@code without}. */
    static List<Long> range(long afterTid, long lastTid, long... without) {
        List<Long> out = new ArrayList<>();
        for (long t = afterTid + 1; t <= lastTid; t++) {
            long tid = t;
            if (java.util.Arrays.stream(without).noneMatch(w -> w == tid)) {
                out.add(t);
            }
        }
        return out;
    }
}
