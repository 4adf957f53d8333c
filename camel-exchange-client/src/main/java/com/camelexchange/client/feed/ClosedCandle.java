package com.camelexchange.client.feed;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Kline;

/**
 * A K-line candle whose period has ended, as a K-line feed delivers it: each once, oldest first, with the K-line it
 * came in (for the coin names it carries: the trade coin, {@code symbol}, and the pricing coin, {@code moneyType}).
 */
public record ClosedCandle(Kline kline, Candle candle) {
    /** The candle's open time in epoch milliseconds: its position. */
    public long openMillis() {
        return candle.openTime().toEpochMilli();
    }
}
