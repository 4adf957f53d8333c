package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.model.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/** The pushed trades kept in tid order, one per tid, whatever order they are pushed and taken in. */
class PushedTradesTest {

    private static Trade trade(long tid, String price) {
        return new Trade("btc_usdt", tid, Instant.EPOCH, new BigDecimal(price), BigDecimal.ONE, null);
    }

    @Test
    void tradesComeOutInTidOrderOncePerTidTheLastPushOfATidKept() {
        PushedTrades kept = new PushedTrades();
        kept.put(trade(5, "1"));
        kept.put(trade(7, "1"));
        kept.put(trade(6, "1"));
        kept.put(trade(3, "1"));
        kept.put(trade(6, "2"));
        assertThat(kept.size()).isEqualTo(4);
        assertThat(kept.lastTid()).isEqualTo(7);
        assertThat(kept.contains(6)).isTrue();
        assertThat(kept.contains(4)).isFalse();
        List<Trade> out = new ArrayList<>();
        for (Trade t = kept.first(); t != null; t = kept.first()) {
            out.add(t);
            kept.removeFirst();
        }
        assertThat(out).extracting(Trade::tid).containsExactly(3L, 5L, 6L, 7L);
        assertThat(out.get(2).price()).isEqualByComparingTo("2");
        assertThat(kept.isEmpty()).isTrue();
    }

    @Test
    void whatLiesAfterATidIsTakenOutOldestFirst() {
        PushedTrades kept = new PushedTrades();
        for (long tid : new long[] {10, 11, 13, 14}) {
            kept.put(trade(tid, "1"));
        }
        assertThat(kept.removeAfter(12)).extracting(Trade::tid).containsExactly(13L, 14L);
        assertThat(kept.removeAfter(10)).extracting(Trade::tid).containsExactly(11L);
        assertThat(kept.first().tid()).isEqualTo(10);
        assertThat(kept.size()).isEqualTo(1);
    }

    @Test
    void itAgreesWithASortedMapOverLongRunsOfPushesAndDeliveries() {
        PushedTrades kept = new PushedTrades();
        TreeMap<Long, Trade> model = new TreeMap<>();
        Random random = new Random(28);
        long next = 1;
        for (int step = 0; step < 200_000; step++) {
            int what = random.nextInt(100);
            if (what < 55) {
                // Mostly the next tid; now and then an older or repeated one, or one past a hole.
                long tid = random.nextInt(10) == 0 ? Math.max(1, next - random.nextInt(40)) : next++;
                if (random.nextInt(50) == 0) {
                    tid = next + random.nextInt(30);
                }
                Trade t = trade(tid, Integer.toString(step));
                kept.put(t);
                model.put(tid, t);
            } else if (what < 97) {
                if (!model.isEmpty()) {
                    assertThat(kept.first()).isSameAs(model.firstEntry().getValue());
                    kept.removeFirst();
                    model.pollFirstEntry();
                }
            } else if (what < 99) {
                long after = model.isEmpty() ? next : model.firstKey() + random.nextInt(20);
                List<Trade> expected = List.copyOf(model.tailMap(after, false).values());
                model.tailMap(after, false).clear();
                assertThat(kept.removeAfter(after)).containsExactlyElementsOf(expected);
            } else {
                kept.clear();
                model.clear();
            }
            assertThat(kept.size()).isEqualTo(model.size());
            if (!model.isEmpty()) {
                assertThat(kept.lastTid()).isEqualTo(model.lastKey());
                long probe = model.firstKey() + random.nextInt(10);
                assertThat(kept.contains(probe)).isEqualTo(model.containsKey(probe));
            }
        }
    }
}
