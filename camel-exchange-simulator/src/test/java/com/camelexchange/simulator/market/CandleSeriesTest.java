package com.camelexchange.simulator.market;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The longer periods' candles are built from each minute's candle rather than trade by trade (issue 39, item 5):
 * every reply must be what building every period from every trade gave. Random tapes, against that reference: trades
 * in one minute and across minutes, gaps of hours and weeks (so that every period drops its oldest candles), trades
 * dated back, prices equal but of other scales (the first highest and lowest price is kept), reads of any period at
 * any moment (a read brings the longer periods up to date mid-minute) and set candles.
 */
class CandleSeriesTest {

    /** Every trade into every period, as the series did before: the reference. */
    private static final class EveryTrade {
        private final Map<KlineType, TreeMap<Long, Bar>> byType = new EnumMap<>(KlineType.class);

        EveryTrade() {
            for (KlineType type : KlineType.values()) {
                byType.put(type, new TreeMap<>());
            }
        }

        void add(Trade trade) {
            BigDecimal p = trade.price();
            BigDecimal a = trade.amount();
            for (Map.Entry<KlineType, TreeMap<Long, Bar>> e : byType.entrySet()) {
                long open = e.getKey().openTime(trade.epochMillis());
                Bar bar = e.getValue().get(open);
                if (bar == null) {
                    put(e.getValue(), new Bar(open, p, p, p, p, a, p.multiply(a)));
                } else {
                    e.getValue().put(open, new Bar(open, bar.open(), p.compareTo(bar.high()) > 0 ? p : bar.high(),
                            p.compareTo(bar.low()) < 0 ? p : bar.low(), p, bar.volume().add(a),
                            bar.turnover().add(p.multiply(a))));
                }
            }
        }

        void set(KlineType type, Bar bar) {
            put(byType.get(type), bar);
        }

        private static void put(TreeMap<Long, Bar> bars, Bar bar) {
            bars.put(bar.openTime(), bar);
            if (bars.size() > CandleSeries.RETAINED) {
                bars.pollFirstEntry();
            }
        }

        List<Bar> query(KlineType type, Long since, int size) {
            NavigableMap<Long, Bar> window = since == null ? byType.get(type) : byType.get(type).tailMap(since, true);
            List<Bar> out = new ArrayList<>(window.descendingMap().values().stream().limit(size).toList());
            Collections.reverse(out);
            return out;
        }
    }

    @Test
    void everyReplyIsWhatEveryTradeIntoEveryPeriodGave() {
        for (long seed = 1; seed <= 12; seed++) {
            Random random = new Random(seed);
            CandleSeries series = new CandleSeries();
            EveryTrade reference = new EveryTrade();
            long now = 1_704_067_200_000L;
            long tid = 1;
            for (int step = 0; step < 6_000; step++) {
                int what = random.nextInt(100);
                if (what < 80) {
                    now += switch (random.nextInt(20)) {
                        case 0 -> random.nextInt(3) * 3_600_000L * 24 * 7;
                        case 1, 2 -> random.nextInt(10) * 3_600_000L;
                        case 3 -> -random.nextInt(3_000_000);
                        default -> random.nextInt(40_000);
                    };
                    // Prices of other scales for one value: which of equal highs a candle keeps shows in its scale.
                    BigDecimal price = BigDecimal.valueOf(1000 + random.nextInt(20), 0)
                            .setScale(random.nextInt(3));
                    BigDecimal amount = BigDecimal.valueOf(1 + random.nextInt(5000), 4)
                            .setScale(4 + random.nextInt(2));
                    Trade trade = new Trade(tid++, now, price, amount, Side.BUY);
                    series.add(trade);
                    reference.add(trade);
                } else if (what < 99) {
                    KlineType type = KlineType.values()[random.nextInt(KlineType.values().length)];
                    Long since = random.nextBoolean() ? null : type.openTime(now - random.nextInt(100) * type.millis());
                    int size = 1 + random.nextInt(CandleSeries.MAX_REPLY);
                    assertThat(series.query(type, since, size)).as("seed %d step %d %s", seed, step, type)
                            .isEqualTo(reference.query(type, since, size));
                } else {
                    KlineType type = KlineType.values()[random.nextInt(KlineType.values().length)];
                    long open = type.openTime(now - random.nextInt(3) * type.millis());
                    BigDecimal p = new BigDecimal("1005.5");
                    series.put(type, open, p, p, p, p, BigDecimal.ONE);
                    reference.set(type, new Bar(open, p, p, p, p, BigDecimal.ONE, BigDecimal.ZERO));
                }
            }
            for (KlineType type : KlineType.values()) {
                assertThat(series.query(type, null, CandleSeries.RETAINED)).as("seed %d, at the end, %s", seed, type)
                        .isEqualTo(reference.query(type, null, CandleSeries.RETAINED));
            }
        }
    }

    @Test
    void theVersionGrowsWithEveryTradeWhetherOrNotAPeriodWasRead() {
        CandleSeries series = new CandleSeries();
        long before = series.version();
        for (int i = 0; i < 5; i++) {
            series.add(new Trade(i + 1, 1_704_067_200_000L + i * 1_000L, BigDecimal.TEN, BigDecimal.ONE, Side.SELL));
        }
        assertThat(series.version()).isEqualTo(before + 5);
        assertThat(series.query(KlineType.HOUR_1, null, 10)).singleElement()
                .satisfies(bar -> assertThat(bar.volume()).isEqualByComparingTo("5"));
        assertThat(series.version()).as("a read changes no version").isEqualTo(before + 5);
    }
}
