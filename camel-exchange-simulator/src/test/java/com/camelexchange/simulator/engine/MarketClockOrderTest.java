package com.camelexchange.simulator.engine;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The market clock keeps its window in order as each difference replaces the oldest, instead of sorting it anew on
 * every piece of data (issue 39, item 5): its estimate must be the one the sort gave, whatever the data. Random
 * sequences of trades and books, with many equal differences (where which one ranks first decides whether the
 * estimate is firm), wrong dates far off, and late trades, against the sort as it was.
 */
class MarketClockOrderTest {

    /** The estimate as it was made: the whole window sorted for each difference. */
    private static final class Sorted {
        private final long[] leads = new long[MarketClock.WINDOW];
        private final boolean[] served = new boolean[MarketClock.WINDOW];
        private final int[] byLead = new int[MarketClock.WINDOW];
        private final long agree = MarketClock.AGREEMENT.toMillis();
        private int next;
        private int count;
        private long lead;
        private boolean firm;

        void traded(long seen) {
            if (firm && seen < lead - agree) {
                return;
            }
            add(seen, false);
        }

        void add(long seen, boolean isServed) {
            leads[next] = seen;
            served[next] = isServed;
            next = (next + 1) % MarketClock.WINDOW;
            count = Math.min(count + 1, MarketClock.WINDOW);
            for (int i = 0; i < count; i++) {
                int j = i;
                while (j > 0 && leads[byLead[j - 1]] < leads[i]) {
                    byLead[j] = byLead[j - 1];
                    j--;
                }
                byLead[j] = i;
            }
            int most = Math.min(MarketClock.CONFIRMATIONS, count / 2);
            int chosen = most;
            for (int i = 0; i < most; i++) {
                if (confirming(i) >= Math.min(MarketClock.CONFIRMATIONS, count - 1 - i)) {
                    chosen = i;
                    break;
                }
            }
            lead = leads[byLead[chosen]];
            firm = served[byLead[chosen]] || confirming(chosen) > 0;
        }

        private int confirming(int rank) {
            int n = 0;
            for (int j = rank + 1; j < count && n < MarketClock.CONFIRMATIONS
                    && leads[byLead[j - 1]] - leads[byLead[j]] <= agree; j++) {
                n++;
            }
            return n;
        }
    }

    @Test
    void theEstimateIsTheOneTheSortGave() {
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            MarketClock clock = new MarketClock();
            Sorted sorted = new Sorted();
            long now = 1_704_067_200_000L;
            for (int step = 0; step < 2_000; step++) {
                now += random.nextInt(1_000);
                long seen = switch (random.nextInt(10)) {
                    // Few distinct values: many ties, served and not.
                    case 0, 1, 2, 3 -> random.nextInt(4) * 20_000L;
                    case 4 -> random.nextInt(2) == 0 ? 86_400_000L : -86_400_000L;
                    case 5 -> -random.nextInt(600_000);
                    default -> random.nextInt(200);
                };
                if (random.nextBoolean()) {
                    clock.traded(now + seen, now);
                    sorted.traded(seen);
                } else {
                    clock.served(now + seen, now);
                    sorted.add(seen, true);
                }
                assertThat(clock.marketTime(now)).as("seed %d step %d", seed, step).isEqualTo(now + sorted.lead);
            }
        }
    }
}
