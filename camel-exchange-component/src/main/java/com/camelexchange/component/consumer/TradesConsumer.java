package com.camelexchange.component.consumer;

import com.camelexchange.client.model.Trade;

import java.util.Map;

/**
 * The headers of trade messages, as the streaming trades consumer asks for them; {@link MessageHeaders} builds
 * them (the polling consumer is {@link PolledTrades}).
 */
final class TradesConsumer {

    private TradesConsumer() {
    }

    /** The headers of a trade's message, polled or pushed. */
    static Map<String, Object> headers(Trade trade) {
        return MessageHeaders.trade(trade);
    }

    /** {@link #headers(Trade)}, put into a message's own headers. */
    static void headersInto(Trade trade, Map<String, Object> headers) {
        MessageHeaders.tradeInto(trade, headers);
    }
}
