package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One line of a recording: a piece of market data and the time {@code at} it was received. The fields of
 * each kind are those of the camel-exchange model it was recorded from, so a line's {@code data} is that
 * model's JSON as Camel's JSON data format writes it.
 */
public sealed interface MarketEvent {
    /** When the data was received: the replay applies it when its clock reaches this time. */
    Instant at();

    /** The market the data belongs to; null for {@link Markets}. */
    String market();

    Kind kind();

    /** Feeds the data to a simulator (markets are read when the replay is built, not fed). */
    void applyTo(MarketFeed feed);

    /**
     * The event of market data given as the JSON of its camel-exchange model (what Camel's JSON data format
     * makes of a {@code Trade}, {@code Depth}, {@code Ticker}, {@code Candle} or the {@code markets} map), read
     * as a recording line's {@code data} is: a live feed and a recording share one reading.
     *
     * @param market null for {@link Kind#MARKETS}
     * @param type   the K-line type of a {@link Kind#CANDLE}; null otherwise
     * @throws RecordingFormatException when the JSON is not that model's
     */
    static MarketEvent fromJson(Instant at, Kind kind, String market, KlineType type, String dataJson) {
        return RecordingFormat.fromJson(at, kind, market, type, dataJson);
    }

    /** The kinds of lines, with their names in the file. */
    enum Kind {
        MARKETS("markets"), TRADE("trade"), DEPTH("depth"), TICKER("ticker"), CANDLE("candle");

        private final String wire;

        Kind(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }

        /** The kind of this name, or null for a kind this version does not know. */
        public static Kind fromWire(String wire) {
            for (Kind kind : values()) {
                if (kind.wire.equals(wire)) {
                    return kind;
                }
            }
            return null;
        }
    }

    /** The markets of the recording, as the {@code markets} operation gives them (a {@code Map} of {@code Market}). */
    record Markets(Instant at, List<MarketSpec> markets) implements MarketEvent {
        public Markets {
            Objects.requireNonNull(at, "at");
            markets = List.copyOf(markets);
        }

        @Override
        public String market() {
            return null;
        }

        @Override
        public Kind kind() {
            return Kind.MARKETS;
        }

        @Override
        public void applyTo(MarketFeed feed) {
            // The markets of a simulator are fixed when it is built.
        }
    }

    /**
     * A public trade ({@code Trade}).
     *
     * @param takerSide null when the variant does not tell (B)
     */
    record Trade(Instant at, String market, long tid, Instant date, BigDecimal price, BigDecimal amount,
                 Side takerSide) implements MarketEvent {
        public Trade {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(market, "market");
            Objects.requireNonNull(date, "date");
            Objects.requireNonNull(price, "price");
            Objects.requireNonNull(amount, "amount");
        }

        @Override
        public Kind kind() {
            return Kind.TRADE;
        }

        @Override
        public void applyTo(MarketFeed feed) {
            feed.trade(market, tid, date, price, amount, takerSide);
        }
    }

    /** A book snapshot ({@code Depth}), both sides best first. */
    record Depth(Instant at, String market, List<PriceLevel> asks, List<PriceLevel> bids, Instant timestamp)
            implements MarketEvent {
        public Depth {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(market, "market");
            Objects.requireNonNull(timestamp, "timestamp");
            asks = List.copyOf(asks);
            bids = List.copyOf(bids);
        }

        @Override
        public Kind kind() {
            return Kind.DEPTH;
        }

        @Override
        public void applyTo(MarketFeed feed) {
            feed.book(market, bids, asks, timestamp);
        }
    }

    /**
     * A ticker ({@code Ticker}).
     *
     * @param date null where the exchange gave none ({@code allTicker})
     */
    record Ticker(Instant at, String market, BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell,
                  BigDecimal last, BigDecimal volume, Instant date) implements MarketEvent {
        public Ticker {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(market, "market");
            Objects.requireNonNull(high, "high");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(buy, "buy");
            Objects.requireNonNull(sell, "sell");
            Objects.requireNonNull(last, "last");
            Objects.requireNonNull(volume, "volume");
        }

        @Override
        public Kind kind() {
            return Kind.TICKER;
        }

        @Override
        public void applyTo(MarketFeed feed) {
            feed.ticker(market, high, low, buy, sell, last, volume, date);
        }
    }

    /** A K-line candle ({@code Candle}) of one type. */
    record Candle(Instant at, String market, KlineType type, Instant openTime, BigDecimal open, BigDecimal high,
                  BigDecimal low, BigDecimal close, BigDecimal volume) implements MarketEvent {
        public Candle {
            Objects.requireNonNull(at, "at");
            Objects.requireNonNull(market, "market");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(openTime, "openTime");
            Objects.requireNonNull(open, "open");
            Objects.requireNonNull(high, "high");
            Objects.requireNonNull(low, "low");
            Objects.requireNonNull(close, "close");
            Objects.requireNonNull(volume, "volume");
        }

        @Override
        public Kind kind() {
            return Kind.CANDLE;
        }

        @Override
        public void applyTo(MarketFeed feed) {
            feed.candle(market, type, openTime, open, high, low, close, volume);
        }
    }
}
