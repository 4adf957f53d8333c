package com.camelexchange.component.api.wire;

import com.camelexchange.component.api.Echo;
import com.camelexchange.component.api.ExchangeReplyFormatException;
import com.camelexchange.component.api.wire.MarketReplies.DepthReply;
import com.camelexchange.component.api.wire.MarketReplies.TickerReply;
import com.camelexchange.component.api.wire.PushReplies.Envelope;
import com.camelexchange.component.api.wire.PushReplies.KlinePush;
import com.camelexchange.component.api.wire.PushReplies.QuickDepthPush;
import com.camelexchange.component.api.wire.PushReplies.TradesPush;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;
import com.fasterxml.jackson.databind.ObjectReader;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The frames of the exchange's WebSocket, read and written on the component's one mapper: what a frame
 * says about itself ({@link #envelope}), each channel's payload read into the same model records as the
 * REST replies (books best first, times in their units), and the subscription frames a client sends.
 * Thread-safe.
 */
public final class PushFrames {
    /** The channel of the exchange's answer to a ping. */
    public static final String PONG = "pong";

    private final ExchangeJson json;
    private final ObjectReader envelope;
    private final ObjectReader ticker;
    private final ObjectReader depth;
    private final ObjectReader quickDepth;
    private final ObjectReader trades;
    private final ObjectReader kline;

    public PushFrames(ExchangeJson json) {
        this.json = json;
        envelope = json.readerFor(Envelope.class);
        ticker = json.readerFor(TickerReply.class);
        depth = json.readerFor(DepthReply.class);
        quickDepth = json.readerFor(QuickDepthPush.class);
        trades = json.readerFor(TradesPush.class);
        kline = json.readerFor(KlinePush.class);
    }

    /**
     * What a frame is about.
     *
     * @param channel the channel it belongs to; {@link #PONG} for the answer to a ping
     * @param errorCode the code of an error frame, null on a push
     * @param errorMessage the message of an error frame, cut short
     */
    public record Frame(String channel, Integer errorCode, String errorMessage) {
        public boolean isError() {
            return errorCode != null;
        }
    }

    /** Reads what a frame is about; a frame that is not a JSON object with a channel is a format error. */
    public Frame envelope(byte[] frame) {
        Envelope e = json.read("stream", envelope, frame);
        boolean error = e.code() != null && e.code() != 1000;
        if (e.channel() == null && !error) {
            throw new ExchangeReplyFormatException("stream",
                    "a frame without a channel", ExchangeJson.snippet(frame));
        }
        return new Frame(e.channel() == null ? "" : Echo.cut(e.channel(), 80), error ? e.code() : null,
                error ? Echo.cut(String.valueOf(e.message()), 120) : null);
    }

    public Ticker ticker(String market, byte[] frame) {
        TickerReply reply = json.read("ticker push", ticker, frame);
        var v = reply.ticker();
        return new Ticker(market, v.high(), v.low(), v.buy(), v.sell(), v.last(), v.vol(), reply.date());
    }

    /** A whole book, both sides best first, at most {@code size} levels a side. */
    public Depth depth(String market, byte[] frame, int size) {
        DepthReply reply = json.read("depth push", depth, frame);
        return consistent("depth push", frame,
                new Depth(market, top(reply.asks(), size), top(reply.bids(), size), reply.timestamp()));
    }

    /** A whole short book from the quick-depth channel, best first, at most {@code size} levels a side. */
    public Depth quickDepth(String market, byte[] frame, int size) {
        QuickDepthPush reply = json.read("quick_depth push", quickDepth, frame);
        return consistent("quick_depth push", frame,
                new Depth(market, top(reply.listUp(), size), top(reply.listDown(), size), reply.lastTime()));
    }

    /**
     * A pushed book is a whole snapshot: one whose best bid reaches its best ask was not taken at one moment,
     * and is refused like any unreadable push (the next snapshot replaces it).
     */
    private static Depth consistent(String operation, byte[] frame, Depth book) {
        if (book.bestAsk() != null && book.bestBid() != null
            && book.bestBid().price().compareTo(book.bestAsk().price()) >= 0) {
            throw new ExchangeReplyFormatException(operation, "a crossed book: best bid "
                    + Echo.of(book.bestBid().price().toPlainString()) + " is not below best ask "
                    + Echo.of(book.bestAsk().price().toPlainString()), ExchangeJson.snippet(frame));
        }
        return book;
    }

    /** The pushed trades in tid order. */
    public List<Trade> trades(String market, byte[] frame) {
        return ExchangeJson.trades(market, json.<TradesPush>read("trades push", trades, frame).data());
    }

    /** The pushed candles, oldest first. */
    public List<Candle> candles(byte[] frame) {
        List<Candle> candles = new ArrayList<>(json.<KlinePush>read("kline push", kline, frame).datas().data());
        candles.sort(Comparator.comparing(Candle::openTime));
        return candles;
    }

    /** {@code {"event":"addChannel","channel":...}}, with {@code length} when one is asked for. */
    public String subscribe(String channel, Integer length) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("event", "addChannel");
        frame.put("channel", channel);
        if (length != null) {
            frame.put("length", length);
        }
        return json.write(frame);
    }

    public String unsubscribe(String channel) {
        return json.write(Map.of("event", "removeChannel", "channel", channel));
    }

    /** The keepalive the exchange answers with a {@link #PONG} frame. */
    public String ping() {
        return json.write(Map.of("channel", "ping", "event", "addChannel"));
    }

    private static <T> List<T> top(List<T> side, int size) {
        return side.size() <= size ? side : side.subList(0, size);
    }
}
