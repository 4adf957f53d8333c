package com.camelexchange.examples.support;

import com.camelexchange.simulator.SimulatorAccount;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks the tests of the Camel Main examples share: whatever DSL the routes are written in, the printed
 * lines and the simulator's books must show the same market data and the same order lifecycle.
 */
public final class OrderLifecycleAssertions {
    private OrderLifecycleAssertions() {
    }

    /**
     * @param followSeconds how many status checks the route makes before it cancels: an order cancelled by
     *                      the route was printed once when placed, once per check and once cancelled
     */
    public static void assertMarketDataAndOneOrderLifecycle(ExchangeTarget target, PrintedLines printed,
                                                            int followSeconds) {
        // Exactly one order, and it is no longer open: filled, or cancelled by the route; nothing frozen.
        SimulatorAccount account = target.simulator().orElseThrow().account(ExchangeTarget.DEMO_ACCESS_KEY);
        assertThat(account.orderCount("btc_usdt")).isEqualTo(1);
        assertThat(account.openOrderCount("btc_usdt")).isZero();
        assertThat(account.frozen("usdt")).isZero();

        assertThat(printed.get(0)).contains("embedded exchange simulator");
        assertThat(printed.lines()).anySatisfy(l -> assertThat(l).matches("ticker btc_usdt  bid \\d+\\.\\d{2}  ask .*"));
        List<Long> tids = printed.tradeIds("btc_usdt");
        assertThat(tids).as("trades printed").isNotEmpty();
        for (int i = 1; i < tids.size(); i++) {
            assertThat(tids.get(i)).as("each trade once, in order").isEqualTo(tids.get(i - 1) + 1);
        }

        int before = printed.indexOf("balances before:");
        int placed = printed.indexOf("order  placed #");
        int after = printed.indexOf("balances after:");
        assertThat(before).isLessThan(placed).isLessThan(after);
        String last = printed.last("order  #");
        assertThat(last).containsPattern("buy 0\\.0100 @ \\d+\\.\\d{2} .*status (FILLED|CANCELLED)");
        long orderLines = printed.lines().stream().filter(l -> l.startsWith("order  #")).count();
        if (last.endsWith("CANCELLED")) {
            assertThat(orderLines).as("followed %d times, then cancelled", followSeconds).isEqualTo(followSeconds + 2);
        } else {
            assertThat(orderLines).as("followed until filled").isBetween(1L, followSeconds + 1L);
        }
        assertThat(printed.get(after)).contains("usdt").endsWith("0 frozen");
        assertThat(printed.last("done")).isEqualTo("done");
    }
}
