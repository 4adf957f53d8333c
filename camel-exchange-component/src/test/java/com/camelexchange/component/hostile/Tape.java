package com.camelexchange.component.hostile;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.List;
import java.util.stream.LongStream;

/** The btc_usdt tape of a quiet simulator, which the test adds trades to: trade ids count up by one. */
final class Tape {
    static final String MARKET = "btc_usdt";

    private final ExchangeSimulator simulator;

    Tape(ExchangeSimulator simulator) {
        this.simulator = simulator;
    }

    /** Adds {@code count} trades (pushed to subscribers); returns the id of the last one. */
    long add(int count) {
        long at = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
        return last();
    }

    /** The id of the last trade; 0 before any. */
    long last() {
        var last = simulator.exchange().lastTrade(MARKET);
        return last == null ? 0 : last.tid();
    }

    /** The ids after {@code after} up to {@code last}. */
    List<Long> between(long after, long last) {
        return LongStream.rangeClosed(after + 1, last).boxed().toList();
    }

    /** The WARN lines a logger of this class wrote. */
    static List<String> warnings(HostileHarness.Logged<?> log, Class<?> logger) {
        return log.log().lines().filter(l -> l.contains(" WARN " + logger.getName() + " ")).toList();
    }
}
