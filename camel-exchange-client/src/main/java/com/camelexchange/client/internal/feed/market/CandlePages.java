package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.feed.ClosedCandle;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.error.ExchangeKlineGapException;
import com.camelexchange.client.internal.feed.Reads;
import com.camelexchange.client.internal.json.Records;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Kline;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reading a market's closed K-line candles over REST from a position: what polling does every time,
 * streaming after a gap or when a candle closes without a newer one pushed. A candle is closed when a later
 * candle exists, or when its period ended (plus a short grace for late trades).
 */
public final class CandlePages {
    /** Trades can reach a candle a little after its period ends. */
    static final Duration CLOSE_GRACE = Duration.ofSeconds(2);
    /** The most candles the exchange answers with. */
    static final int MOST = 1000;

    private CandlePages() {
    }


    /**
     * The closed candles opening after {@code cursor} (epoch milliseconds), oldest first. The exchange answers
     * the latest {@code size} candles after a time, so a full reply that starts more than a period after the
     * cursor may have left candles out, or may follow a quiet spell (a period without trades has no candle). The
     * largest reply the exchange gives ({@value #MOST} candles) tells which, and brings the candles left out; only
     * when that one is full too and starts late may candles be lost for good: {@code gaps} is told, and reading
     * goes on.
     */
    static List<ClosedCandle> closedAfter(ExchangeClient client, GetKline request, long cursor, Instant now,
                                          int maxPages, Consumer<ExchangeKlineGapException> gaps) {
        return closedAfter(Reads.of(client), request, cursor, now, maxPages, gaps);
    }

    /** {@link #closedAfter(ExchangeClient, GetKline, long, Instant, int, Consumer)}, read where {@code client} reads. */
    static List<ClosedCandle> closedAfter(Reads client, GetKline request, long cursor, Instant now, int maxPages,
                                          Consumer<ExchangeKlineGapException> gaps) {
        Duration period = request.type().period();
        List<ClosedCandle> closed = new ArrayList<>();
        for (int page = 0; page < maxPages; page++) {
            int size = request.size();
            Kline kline = client.read(new GetKline(request.market(), request.type(), cursor + 1, size));
            if (startsLate(kline.candles(), size, cursor, period) && size < MOST) {
                size = MOST;
                kline = client.read(new GetKline(request.market(), request.type(), cursor + 1, size));
            }
            List<Candle> candles = kline.candles();
            if (startsLate(candles, size, cursor, period)) {
                gaps.accept(new ExchangeKlineGapException(request.market(), request.type().wireName(),
                        Instant.ofEpochMilli(cursor + 1), candles.get(0).openTime()));
            }
            boolean reachedOpenCandle = false;
            for (int i = 0; i < candles.size(); i++) {
                Candle candle = candles.get(i);
                long open = candle.openTime().toEpochMilli();
                if (open <= cursor) {
                    continue;
                }
                if (i == candles.size() - 1 && !endedBy(candle, period, now)) {
                    reachedOpenCandle = true;
                    break;
                }
                closed.add(new ClosedCandle(kline, candle));
                cursor = open;
            }
            if (reachedOpenCandle || Records.sent(candles) < size) {
                break;
            }
        }
        return closed;
    }

    /** A full reply whose first candle opens more than a period after the cursor: some may have been left out. */
    private static boolean startsLate(List<Candle> candles, int size, long cursor, Duration period) {
        return !candles.isEmpty() && Records.sent(candles) >= size
               && candles.get(0).openTime().toEpochMilli() - cursor > period.toMillis();
    }

    /** The open time of the newest closed candle, so that only candles closing after now are emitted. */
    static long baseline(ExchangeClient client, GetKline request, Instant now) {
        return baseline(Reads.of(client), request, now);
    }

    /** {@link #baseline(ExchangeClient, GetKline, Instant)}, read where {@code client} reads. */
    static long baseline(Reads client, GetKline request, Instant now) {
        Duration period = request.type().period();
        List<Candle> latest = client.read(new GetKline(request.market(), request.type(), null, 2)).candles();
        for (int i = latest.size() - 1; i >= 0; i--) {
            if (i < latest.size() - 1 || endedBy(latest.get(i), period, now)) {
                return latest.get(i).openTime().toEpochMilli();
            }
        }
        long periodMillis = period.toMillis();
        return Math.floorDiv(now.toEpochMilli(), periodMillis) * periodMillis - 1;
    }

    static boolean endedBy(Candle candle, Duration period, Instant now) {
        return !candle.openTime().plus(period).plus(CLOSE_GRACE).isAfter(now);
    }
}
