package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetKline;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.Kline;
import org.apache.camel.Processor;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Emits each closed K-line candle exactly once, oldest first. A candle is closed when a later candle
 * exists, or when its period ended (plus a short grace for late trades). The position is the open time of
 * the last candle emitted; it moves only when that candle's exchange completes and is kept in the state
 * repository when one is configured. Without a stored position it starts at {@code since}, or from now.
 * Requests go through the component's K-line limiter, one a second across all endpoints.
 */
public class KlineConsumer extends PositionedPollConsumer {
    /** Trades can reach a candle a little after its period ends. */
    static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

    private GetKline request;
    private int maxPages;

    public KlineConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().kline(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
    }

    @Override
    protected String defaultStateKey() {
        return "kline:" + request.market() + ":" + request.type().wireName();
    }

    @Override
    protected List<Item> fetch() {
        Duration period = request.type().period();
        Instant now = getEndpoint().getComponent().getCandleClock().instant();
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                position.commit(baseline(period, now));
                return List.of();
            }
            cursor = request.since() - 1;
        }
        List<Item> items = new ArrayList<>();
        for (int page = 0; page < maxPages; page++) {
            Kline kline = client.call(new GetKline(request.market(), request.type(), cursor + 1, request.size()));
            List<Candle> candles = kline.candles();
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
                items.add(item(kline, candle));
                cursor = open;
            }
            if (reachedOpenCandle || candles.size() < request.size()) {
                break;
            }
        }
        return items;
    }

    /** The open time of the newest closed candle, so that only candles closing after now are emitted. */
    private long baseline(Duration period, Instant now) {
        List<Candle> latest = client.call(new GetKline(request.market(), request.type(), null, 2)).candles();
        for (int i = latest.size() - 1; i >= 0; i--) {
            if (i < latest.size() - 1 || endedBy(latest.get(i), period, now)) {
                return latest.get(i).openTime().toEpochMilli();
            }
        }
        long periodMillis = period.toMillis();
        return Math.floorDiv(now.toEpochMilli(), periodMillis) * periodMillis - 1;
    }

    private static boolean endedBy(Candle candle, Duration period, Instant now) {
        return !candle.openTime().plus(period).plus(CLOSE_GRACE).isAfter(now);
    }

    private Item item(Kline kline, Candle candle) {
        Map<String, Object> headers = new HashMap<>();
        headers.put(ExchangeConstants.MARKET, kline.market());
        headers.put(ExchangeConstants.KLINE_TYPE, kline.type().wireName());
        headers.put(ExchangeConstants.TIMESTAMP, candle.openTime());
        if (kline.symbol() != null) {
            headers.put(ExchangeConstants.KLINE_SYMBOL, kline.symbol());
        }
        if (kline.moneyType() != null) {
            headers.put(ExchangeConstants.KLINE_MONEY_TYPE, kline.moneyType());
        }
        return new Item(candle, headers, () -> position.commit(candle.openTime().toEpochMilli()));
    }
}
