package com.camelexchange.component.api.wire;

import com.camelexchange.component.api.wire.MarketReplies.TradeRecord;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.PriceLevel;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.time.Instant;
import java.util.List;

/**
 * The shapes of the frames the exchange pushes over its WebSocket. Ticker and depth pushes have the shape
 * of the REST replies plus {@code channel} and {@code dataType}, and are read with the REST shapes.
 */
final class PushReplies {
    private PushReplies() {
    }

    /**
     * What every frame says about itself: the channel it belongs to ({@code pong} for the answer to a ping)
     * and, on an error frame, a code other than 1000 and a message.
     */
    record Envelope(String channel, Integer code, Object message) {
    }

    /** {@code <pair>_trades}: the trades new since the previous push, as REST trade records. */
    record TradesPush(List<TradeRecord> data) {
        TradesPush {
            Required.field(data, "data");
        }
    }

    /** {@code <pair>_kline_<type>}: the latest candles, wrapped in {@code datas}. */
    record KlinePush(KlineData datas) {
        KlinePush {
            Required.field(datas, "datas");
        }
    }

    record KlineData(List<Candle> data) {
        KlineData {
            Required.field(data, "data");
        }
    }

    /**
     * {@code <pair>_quick_depth}: a whole short book; {@code listDown} are the bids and {@code listUp} the
     * asks, read best first like the REST depth; {@code lastTime} in milliseconds.
     */
    record QuickDepthPush(@JsonDeserialize(using = BookSide.Bids.class) List<PriceLevel> listDown,
                          @JsonDeserialize(using = BookSide.Asks.class) List<PriceLevel> listUp,
                          @JsonDeserialize(using = EpochTime.Millis.class) Instant lastTime) {
        QuickDepthPush {
            Required.field(listDown, "listDown");
            Required.field(listUp, "listUp");
            Required.field(lastTime, "lastTime");
        }
    }
}
