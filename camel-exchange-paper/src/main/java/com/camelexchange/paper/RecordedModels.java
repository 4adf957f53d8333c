package com.camelexchange.paper;

import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import com.camelexchange.simulator.engine.MergedLevels;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A recording's events as the client's models: what a consumer of the live market gets for the same data. The
 * recording was written from these models ({@link MarketEvents}) and read back checked ({@code RecordingReader}),
 * so this is a copy of fields, with no bound to check again.
 */
final class RecordedModels {
    private RecordedModels() {
    }

    static Market market(MarketSpec spec) {
        return new Market(spec.name(), spec.priceScale(), spec.amountScale(), spec.minAmount(), spec.minSize());
    }

    static Trade trade(MarketEvent.Trade trade) {
        TradeSide side = trade.takerSide() == null ? null
                : trade.takerSide() == Side.BUY ? TradeSide.BUY : TradeSide.SELL;
        return new Trade(trade.market(), trade.tid(), trade.date(), trade.price(), trade.amount(), side);
    }

    /** A recorded candle as a K-line push of that one candle: what a streaming kline consumer is told. */
    static Kline candle(MarketEvent.Candle candle) {
        return kline(candle.market(), KlineType.valueOf(candle.type().name()), List.of(new Candle(candle.openTime(),
                candle.open(), candle.high(), candle.low(), candle.close(), candle.volume())));
    }

    /** A K-line reply, its coins named as the exchange names them ({@code symbol}, {@code moneyType}). */
    static Kline kline(String market, KlineType type, List<Candle> candles) {
        int underscore = market.indexOf('_');
        return new Kline(market, type, underscore < 0 ? null : market.substring(0, underscore),
                underscore < 0 ? null : market.substring(underscore + 1), candles);
    }

    static Depth depth(MarketEvent.Depth depth) {
        return new Depth(depth.market(), levels(depth.asks()), levels(depth.bids()), depth.timestamp());
    }

    /**
     * A book merged into buckets of {@code step} as the exchange merges one for {@code depth?merge=}: its
     * {@value MergedLevels#SIZE} best buckets a side, bids rounded down and asks up.
     */
    static Depth merged(Depth book, BigDecimal step) {
        return new Depth(book.market(), merged(book.asks(), Side.SELL, step), merged(book.bids(), Side.BUY, step),
                book.timestamp());
    }

    private static List<PriceLevel> merged(List<PriceLevel> bestFirst, Side side, BigDecimal step) {
        List<com.camelexchange.simulator.engine.PriceLevel> levels = new ArrayList<>(bestFirst.size());
        for (PriceLevel level : bestFirst) {
            levels.add(new com.camelexchange.simulator.engine.PriceLevel(level.price(), level.amount()));
        }
        return levels(MergedLevels.of(levels, side, step, MergedLevels.SIZE));
    }

    static Ticker ticker(MarketEvent.Ticker ticker) {
        return new Ticker(ticker.market(), ticker.high(), ticker.low(), ticker.buy(), ticker.sell(), ticker.last(),
                ticker.volume(), ticker.date());
    }

    private static List<PriceLevel> levels(List<com.camelexchange.simulator.engine.PriceLevel> levels) {
        PriceLevel[] out = new PriceLevel[levels.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new PriceLevel(levels.get(i).price(), levels.get(i).amount());
        }
        return List.of(out);
    }
}
