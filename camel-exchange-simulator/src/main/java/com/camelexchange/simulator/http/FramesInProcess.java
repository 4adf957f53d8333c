package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.market.MarketSpec;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The signed frames of the WebSocket served in process, on the caller's thread ({@link ApiService#serveFrame}): the
 * same reading of the frame, the same checks and budget ({@link StreamTrading}, {@link SignedCalls}), the same engine
 * and replies as on a connection, for a client in this JVM (a backtest's). Requests only: a push subscription needs
 * a connection to push on, and is refused as a channel this road does not serve (1007). No fault plays, as on the
 * in-process REST road.
 */
final class FramesInProcess {
    private final SimulatedExchange exchange;
    private final Map<String, MarketSpec> byPair = new LinkedHashMap<>();
    private final StreamTrading trading;

    FramesInProcess(SimulatedExchange exchange, ApiService api) {
        this.exchange = exchange;
        for (MarketSpec spec : exchange.markets()) {
            byPair.put(spec.pairCode(), spec);
        }
        this.trading = new StreamTrading(api, byPair);
    }

    /** The reply to one frame's text, as a connection would send it. */
    String serve(String text, String callerAddress) {
        JsonNode frame;
        try {
            frame = text == null ? null : Json.MAPPER.readTree(text);
        } catch (IOException e) {
            frame = null;
        }
        if (frame == null || !frame.isObject()) {
            return StreamPayloads.error(StreamPayloads.CODE_EVENT, "", StreamPayloads.EVENT_IS_EMPTY);
        }
        String channelName = frame.path("channel").asText("").trim();
        if (!frame.path("event").asText("").trim().equals("addChannel")) {
            return StreamPayloads.error(StreamPayloads.CODE_EVENT, channelName, StreamPayloads.EVENT_IS_EMPTY);
        }
        TradingChannel channel = TradingChannel.parse(channelName, byPair, exchange.coins());
        if (channel == null || channel.method().subscription()) {
            return StreamPayloads.error(StreamPayloads.CODE_CHANNEL, channelName, StreamPayloads.CHANNEL_IS_EMPTY);
        }
        return trading.serve(channel, frame, callerAddress).text();
    }
}
