package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetKline;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Each closed K-line candle exactly once, oldest first. A candle is closed when a later candle exists, or when
 * its period ended (plus a short grace for late trades). The position is the open time of the last candle
 * emitted; it moves only when that candle's exchange completes and is kept in the state repository when one is
 * configured. Without a stored position it starts at {@code since}, or from now. Requests go through the
 * component's K-line limiter, one a second across all endpoints; routes on one market and period at the same
 * position share them. When the consumer is further behind than the exchange answers (it returns only the latest
 * candles), the gap goes to the consumer's exception handler as an
 * {@link com.camelexchange.client.error.ExchangeKlineGapException}.
 */
final class PolledKline extends PositionedPolledData {
    private final GetKline request;
    private final int maxPages;
    private final Supplier<Instant> clock;

    /** @param clock the time now, which tells when a candle's period has ended */
    PolledKline(GetKline request, int maxPages, PositionStore position, Supplier<Instant> clock) {
        super(position);
        this.request = request;
        this.maxPages = Math.max(1, maxPages);
        this.clock = clock;
    }

    @Override
    public List<Item> poll(Poll poll) {
        Instant now = clock.get();
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                position.commit(CandlePages.baseline(reads, request, now));
                return List.of();
            }
            cursor = request.since() - 1;
        }
        return CandlePages.closedAfter(reads, request, cursor, now, maxPages, gap -> poll.report(gap.getMessage(), gap))
                .stream().map(this::item).toList();
    }

    private Item item(CandlePages.ClosedCandle closed) {
        return new Item(closed.candle(), MessageHeaders.candle(closed.kline(), closed.candle()),
                () -> position.commit(closed.openMillis()));
    }
}
