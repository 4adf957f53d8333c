package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.MarketEvent.Kind;
import com.camelexchange.simulator.replay.MarketEvent;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The market data the clients receive, as recording lines: each model is written as the JSON it marshals to (its own
 * annotations give Camel's JSON form with a plain mapper) and read by the simulator's reading of a line's
 * {@code data}. A live feed, a recording and a replay so read the same data the same way.
 */
final class MarketEvents {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private MarketEvents() {
    }

    static MarketEvent markets(Instant at, Map<String, Market> markets) {
        return MarketEvent.fromJson(at, Kind.MARKETS, null, null, json(markets));
    }

    /** The markets as the simulator takes them. */
    static List<MarketSpec> specs(Map<String, Market> markets) {
        return ((MarketEvent.Markets) markets(Instant.EPOCH, markets)).markets();
    }

    static MarketEvent trade(Instant at, Trade trade) {
        return MarketEvent.fromJson(at, Kind.TRADE, trade.market(), null, json(trade));
    }

    static MarketEvent depth(Instant at, Depth depth) {
        return MarketEvent.fromJson(at, Kind.DEPTH, depth.market(), null, json(depth));
    }

    static MarketEvent ticker(Instant at, Ticker ticker) {
        return MarketEvent.fromJson(at, Kind.TICKER, ticker.market(), null, json(ticker));
    }

    /** A candle of a K-line reply or push. */
    static MarketEvent candle(Instant at, Kline kline, Candle candle) {
        return MarketEvent.fromJson(at, Kind.CANDLE, kline.market(), KlineType.valueOf(kline.type().name()),
                json(candle));
    }

    private static String json(Object model) {
        try {
            return MAPPER.writeValueAsString(model);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("A " + model.getClass().getSimpleName() + " cannot be written as JSON",
                    e);
        }
    }
}
