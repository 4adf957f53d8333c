package com.camelexchange.component.consumer;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Kline;

import java.util.Map;

/**
 * The headers of candle messages, as the streaming K-line consumer asks for them; {@link MessageHeaders} builds
 * them (the polling consumer is {@link PolledKline}).
 */
final class KlineConsumer {

    private KlineConsumer() {
    }

    /** The headers of a candle's message, polled or pushed. */
    static Map<String, Object> headers(Kline kline, Candle candle) {
        return MessageHeaders.candle(kline, candle);
    }
}
