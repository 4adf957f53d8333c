package com.camelexchange.client.internal.json;

import com.camelexchange.client.internal.json.MarketReplies.TickerValues;
import com.camelexchange.client.internal.json.MarketReplies.TradeRecord;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.PriceLevel;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.time.Instant;
import java.util.List;

/**
 * The shapes of the frames the exchange pushes over its WebSocket. Ticker and depth pushes have the shape
 * of the REST replies plus {@code channel} and {@code dataType}.
 */
final class PushReplies {
    private PushReplies() {
    }

    /**
     * Any frame, read in one pass: the envelope and the fields of every channel's payload, each read into its
     * model as it is met (numbers bounded, books best first, times in their units). The channel says which
     * payload fields it must have; those it does not use are null. The payloads do not share a field name, so
     * none is read as another's:
     * <ul>
     *   <li>{@code <pair>_ticker}: {@code ticker} and {@code date} (a string of epoch milliseconds);</li>
     *   <li>{@code <pair>_depth}: {@code asks}, {@code bids} and {@code timestamp} (seconds);</li>
     *   <li>{@code <pair>_quick_depth}: {@code listDown} (the bids), {@code listUp} (the asks) and
     *       {@code lastTime} (milliseconds);</li>
     *   <li>{@code <pair>_trades}: {@code data}, the trades new since the previous push, as REST trade
     *       records;</li>
     *   <li>{@code <pair>_kline_<type>}: {@code datas}, the latest candles;</li>
     *   <li>{@code push_user_incr_record} (the account's orders, signed): {@code seq}, {@code market} and
     *       {@code record}, the REST order record, read by the same reader as REST's (a record out of bounds makes
     *       the frame unreadable: its subscriber catches up over REST, where the listing loses that record
     *       alone).</li>
     * </ul>
     * The envelope's fields no consumer needs ({@code dataType}, {@code isSuc}, {@code no}, {@code success}) are
     * named as ignored: the reader would otherwise copy a record's unknown field aside, on every frame, only to
     * drop it.
     */
    @JsonIgnoreProperties({"dataType", "isSuc", "no", "success"})
    record Push(String channel, Integer code, @JsonDeserialize(using = AnyText.class) String message,
                TickerValues ticker, @JsonDeserialize(using = EpochTime.Millis.class) Instant date,
                @JsonDeserialize(using = BookSide.Asks.class) List<PriceLevel> asks,
                @JsonDeserialize(using = BookSide.Bids.class) List<PriceLevel> bids,
                @JsonDeserialize(using = EpochTime.Seconds.class) Instant timestamp,
                Records<TradeRecord> data, KlineData datas,
                @JsonDeserialize(using = BookSide.Bids.class) List<PriceLevel> listDown,
                @JsonDeserialize(using = BookSide.Asks.class) List<PriceLevel> listUp,
                @JsonDeserialize(using = EpochTime.Millis.class) Instant lastTime,
                Long seq, String market, TradingReplies.OrderRecord record) {
    }

    record KlineData(Records<Candle> data) {
        KlineData {
            Required.field(data, "data");
        }
    }
}
