package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading trades over REST from a position, with the exchange faked at the reads: pages followed until a short one,
 * and no trade id becomes a position unless the exchange stands by it.
 */
class TradePagesTest {
    private static final String MARKET = "btc_usdt";

    /** The tape, answered 50 trades after an id; an answer may be replaced for one id, as a lying exchange would. */
    private static final class Tape implements Reads {
        final List<Long> tids = new ArrayList<>();
        final Map<Long, List<Long>> answers = new HashMap<>();
        final List<Long> asked = new ArrayList<>();

        @Override
        @SuppressWarnings("unchecked")
        public <T> T read(ExchangeRequest<T> request) {
            Long since = ((GetTrades) request).since();
            asked.add(since);
            List<Long> answer = answers.get(since);
            if (answer == null) {
                answer = since == null ? tids.subList(Math.max(0, tids.size() - 50), tids.size())
                        : tids.stream().filter(tid -> tid > since).limit(50).toList();
            }
            return (T) new ArrayList<>(answer.stream().map(TradePagesTest::trade).toList());
        }
    }

    private static Trade trade(long tid) {
        return new Trade(MARKET, tid, Instant.EPOCH, BigDecimal.TEN, BigDecimal.ONE, null);
    }

    private final Tape tape = new Tape();
    private final List<String> refusedFrom = new ArrayList<>();
    private final TradeIdGuard guard = new TradeIdGuard(MARKET, new Metrics() {
        @Override
        public void refusedTradeId(String market, String source) {
            refusedFrom.add(source);
        }
    });

    private void made(long first, long last) {
        LongStream.rangeClosed(first, last).forEach(tape.tids::add);
    }

    private List<Long> after(long cursor, int maxPages) {
        return TradePages.after(tape, MARKET, cursor, maxPages, guard).stream().map(Trade::tid).toList();
    }

    @Test
    void pagesAreFollowedUntilAShortOneOrTheMostPagesAPollMayRead() {
        made(1, 120);
        assertThat(after(0, 5)).hasSize(120).startsWith(1L).endsWith(120L);
        assertThat(tape.asked).containsExactly(0L, 50L, 100L);
        tape.asked.clear();
        assertThat(after(0, 2)).hasSize(100).endsWith(100L);
        assertThat(tape.asked).containsExactly(0L, 50L);
    }

    @Test
    void idsAtOrBelowThePositionAreNotReadAgain() {
        tape.answers.put(10L, List.of(9L, 10L, 11L, 12L));
        assertThat(after(10, 1)).containsExactly(11L, 12L);
    }

    @Test
    void anIdOutOfRangeStopsTheReadBelowItAndIsCounted() {
        tape.answers.put(0L, List.of(1L, 2L, TradeIdGuard.MAX_PLAUSIBLE + 1, 3L));
        assertThat(after(0, 5)).as("the position stays below it").containsExactly(1L, 2L);
        assertThat(guard.refused()).isEqualTo(1);
        assertThat(refusedFrom).containsExactly("rest");
        assertThat(TradeIdGuard.inRange(0)).isFalse();
        assertThat(TradeIdGuard.inRange(-1)).isFalse();
        assertThat(TradeIdGuard.inRange(1)).isTrue();
        assertThat(TradeIdGuard.inRange(TradeIdGuard.MAX_PLAUSIBLE)).isTrue();
    }

    @Test
    void anIdFurtherThanAPagePastTheOneBeforeIsBelievedOnlyWhenTheExchangeNamesItAgain() {
        made(1, 3);
        made(1_000, 1_001);
        assertThat(after(0, 5)).as("asked for the trades after 999, it names 1000")
                .containsExactly(1L, 2L, 3L, 1_000L, 1_001L);
        assertThat(tape.asked).contains(999L);
        assertThat(guard.refused()).isZero();

        tape.answers.put(3L, List.of(1_000_000L));
        tape.answers.put(999_999L, List.of());
        assertThat(after(3, 5)).as("a jump the exchange does not stand by").isEmpty();
        assertThat(guard.refused()).isEqualTo(1);
    }

    @Test
    void theNewestIdIsTheNewestTheExchangeStandsBy() {
        assertThat(TradePages.newest(tape, MARKET, guard)).as("a market without trades").isZero();
        made(1, 60);
        assertThat(TradePages.newest(tape, MARKET, guard)).isEqualTo(60L);
        tape.answers.put(null, List.of(59L, 60L, 9_999_999L));
        tape.answers.put(9_999_998L, List.of());
        assertThat(TradePages.newest(tape, MARKET, guard)).as("the lie passed over").isEqualTo(60L);
        tape.answers.put(null, List.of(59L, 60L, -5L));
        assertThat(TradePages.newest(tape, MARKET, guard)).isEqualTo(60L);
        assertThat(guard.refused()).isEqualTo(2);
    }
}
