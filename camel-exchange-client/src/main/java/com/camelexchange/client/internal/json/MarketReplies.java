package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** The shapes of the market-data replies, and the model each record of them makes. */
final class MarketReplies {
    private MarketReplies() {
    }

    /** The most decimals a market's prices or amounts may have. */
    static final int MAX_MARKET_SCALE = 18;

    /** One entry of {@code markets}, keyed by market name. The minimums are sent by variant A only. */
    record MarketConfig(Integer priceScale, Integer amountScale, BigDecimal minAmount, BigDecimal minSize) {
        MarketConfig {
            ReplyFields.within(priceScale, "priceScale", 0, MAX_MARKET_SCALE);
            ReplyFields.within(amountScale, "amountScale", 0, MAX_MARKET_SCALE);
            ReplyFields.notNegativeIfSent(minAmount, "minAmount");
            ReplyFields.notNegativeIfSent(minSize, "minSize");
        }

        Market market(String name) {
            return new Market(name, priceScale, amountScale, minAmount, minSize);
        }
    }

    /** A ticker's values: in {@code allTicker} keyed by the market without underscore, in {@code ticker} wrapped. */
    record TickerValues(BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell, BigDecimal last,
                        BigDecimal vol) {
        TickerValues {
            ReplyFields.notNegative(high, "high");
            ReplyFields.notNegative(low, "low");
            ReplyFields.notNegative(buy, "buy");
            ReplyFields.notNegative(sell, "sell");
            ReplyFields.notNegative(last, "last");
            ReplyFields.notNegative(vol, "vol");
        }

        /** @param date null in {@code allTicker}, which carries none */
        Ticker ticker(String market, Instant date) {
            return new Ticker(market, high, low, buy, sell, last, vol, date);
        }
    }

    /** {@code ticker}: the values and {@code date}, a string of epoch milliseconds. */
    record TickerReply(TickerValues ticker, @JsonDeserialize(using = EpochTime.Millis.class) Instant date) {
        TickerReply {
            Required.field(ticker, "ticker");
            Required.field(date, "date");
        }
    }

    /** {@code depth}: both sides read best first, the time in seconds. */
    record DepthReply(@JsonDeserialize(using = BookSide.Asks.class) List<PriceLevel> asks,
                      @JsonDeserialize(using = BookSide.Bids.class) List<PriceLevel> bids,
                      @JsonDeserialize(using = EpochTime.Seconds.class) Instant timestamp) {
        DepthReply {
            Required.field(asks, "asks");
            Required.field(bids, "bids");
            Required.field(timestamp, "timestamp");
        }
    }

    /**
     * One public trade; {@code date} in seconds. Variant B sends neither {@code type} ({@code buy}/{@code sell})
     * nor {@code trade_type} ({@code bid}/{@code ask}).
     */
    record TradeRecord(Long tid, @JsonDeserialize(using = EpochTime.Seconds.class) Instant date, BigDecimal price,
                       BigDecimal amount, String type, @JsonProperty("trade_type") String tradeType) {
        TradeRecord {
            ReplyFields.id(tid, "tid");
            Required.field(date, "date");
            ReplyFields.positive(price, "price");
            ReplyFields.positive(amount, "amount");
            ReplyFields.oneOfIfSent(type, "type", "buy", "sell");
            ReplyFields.oneOfIfSent(tradeType, "trade_type", "bid", "ask");
        }

        Trade trade(String market) {
            return new Trade(market, tid, date, price, amount, takerSide());
        }

        /** {@code type} (buy/sell) when sent, else {@code trade_type} (bid: the buyer took; ask: the seller). */
        private TradeSide takerSide() {
            if (type != null) {
                return switch (type) {
                    case "buy" -> TradeSide.BUY;
                    case "sell" -> TradeSide.SELL;
                    default -> null;
                };
            }
            if (tradeType != null) {
                return switch (tradeType) {
                    case "bid" -> TradeSide.BUY;
                    case "ask" -> TradeSide.SELL;
                    default -> null;
                };
            }
            return null;
        }
    }

    /** {@code kline}: candles as arrays, the pricing coin ({@code moneyType}) and the trade coin ({@code symbol}). */
    record KlineReply(Records<Candle> data, String moneyType, String symbol) {
        KlineReply {
            Required.field(data, "data");
            ReplyFields.nameIfSent(moneyType, "moneyType");
            ReplyFields.nameIfSent(symbol, "symbol");
        }
    }
}
