package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.feed.ClosedCandle;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.feed.PositionStore;
import com.camelexchange.client.internal.feed.PositionedPolledData;

import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Each closed K-line candle exactly once, oldest first, as a {@link ClosedCandle}. A candle is closed
 * when a later candle exists, or when its period ended (plus a short grace for late trades). The position is the
 * open time of the last candle emitted; it moves only when that candle was delivered and is kept in its positions.
 * Without a stored position it starts at {@code since}, or from now. Requests go through the client's K-line
 * limiter, one a second across all its consumers; consumers on one market and period at the same position share
 * them. When the consumer is further behind than the exchange answers (it returns only the latest candles), the gap
 * is reported to the consumer as an {@link com.camelexchange.client.error.ExchangeKlineGapException}.
 */
public final class PolledKline extends PositionedPolledData {
    private final GetKline request;
    private final int maxPages;
    private final Supplier<Instant> clock;

    /**
     * @param request the market, period, candles per request, and the open time to start at when no position is
     *                kept ({@code since}); null for from now on
     * @param key     the position's key in {@code positions}; {@link com.camelexchange.client.feed.FeedSpec#defaultPositionKey} by default
     * @param clock   the time now, which tells when a candle's period has ended
     */
    public PolledKline(GetKline request, int maxPages, Positions positions, String key, Supplier<Instant> clock) {
        this(request, maxPages, PositionStore.of(positions, key), clock);
    }

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

    private Item item(ClosedCandle closed) {
        return new Item(closed, () -> position.commit(closed.openMillis()));
    }
}
