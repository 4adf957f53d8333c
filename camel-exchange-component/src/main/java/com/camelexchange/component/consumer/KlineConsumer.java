package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeRequest.GetKline;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.Kline;
import org.apache.camel.Processor;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Emits each closed K-line candle exactly once, oldest first. A candle is closed when a later candle
 * exists, or when its period ended (plus a short grace for late trades). The position is the open time of
 * the last candle emitted; it moves only when that candle's exchange completes and is kept in the state
 * repository when one is configured. Without a stored position it starts at {@code since}, or from now.
 * Requests go through the component's K-line limiter, one a second across all endpoints. When the consumer
 * is further behind than the exchange answers (it returns only the latest candles), the gap goes to the
 * consumer's exception handler as an {@link com.camelexchange.component.api.ExchangeKlineGapException}.
 */
public class KlineConsumer extends PositionedPollConsumer {
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
        return CandlePages.stateKey(request);
    }

    @Override
    protected List<Item> fetch() {
        Instant now = getEndpoint().getComponent().getCandleClock().instant();
        Long cursor = position.current();
        if (cursor == null) {
            if (request.since() == null) {
                position.commit(CandlePages.baseline(client, request, now));
                return List.of();
            }
            cursor = request.since() - 1;
        }
        return CandlePages.closedAfter(client, request, cursor, now, maxPages,
                        gap -> getExceptionHandler().handleException(gap.getMessage(), gap))
                .stream().map(this::item).toList();
    }

    /** The headers of a candle's message, polled or pushed. */
    static Map<String, Object> headers(Kline kline, Candle candle) {
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
        return headers;
    }

    private Item item(CandlePages.ClosedCandle closed) {
        return new Item(closed.candle(), headers(closed.kline(), closed.candle()),
                () -> position.commit(closed.openMillis()));
    }
}
