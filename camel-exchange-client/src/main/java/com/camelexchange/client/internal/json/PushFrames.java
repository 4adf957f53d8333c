package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.json.PushReplies.Push;
import com.camelexchange.client.internal.json.MarketReplies.TradeRecord;
import com.camelexchange.client.internal.json.ReplyShape.RecordList;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.ObjectReader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The frames of the exchange's WebSocket, read and written on the component's one mapper. A frame is read
 * once ({@link #read}), straight from the characters the connection received into a {@link PushFrame}: its
 * channel, and its payload in the model's records as the REST replies are read (numbers bounded, books best
 * first, times in their units). Each subscriber then takes the payload of its channel from it ({@link #ticker},
 * {@link #depth}, {@link #trades}...) without reading the text again. Also writes the subscription frames a
 * client sends. Thread-safe.
 */
public final class PushFrames {
    /** The channel of the exchange's answer to a ping. */
    public static final String PONG = "pong";
    /** The longest channel name repeated in messages. */
    private static final int MAX_CHANNEL = 80;
    private static final String PUSH = "push";
    private static final String CHANNEL = "channel";
    /** The frame's top level, read as members keyed by name: where its channel is found when nothing else is. */
    private static final List<String[]> TOP_LEVEL = List.<String[]>of(new String[0]);
    private static final boolean[] KEYED = {true};
    /** The kinds of channel, longest first: a quick-depth channel also ends with {@code _depth}. */
    private static final String[] KINDS = {"quick_depth", "ticker", "depth", "trades", "kline"};

    private final ExchangeJson json;
    private final ReplyShape<Push> push;
    /** Reads a channel's name from its part of a frame that could not be read whole. */
    private final ObjectReader channelText;
    private final LongAdder passes = new LongAdder();

    public PushFrames(ExchangeJson json) {
        this.json = json;
        // A pushed trade or candle that cannot be read loses itself alone, as in a REST reply.
        push = ReplyShape.withLists(json.readerFor(Push.class),
                RecordList.array(json.readerFor(TradeRecord.class), Push::data, "data"),
                RecordList.array(json.readerFor(Candle.class), p -> p.datas() == null ? null : p.datas().data(),
                        "datas", "data"));
        channelText = json.readerFor(String.class);
    }

    /**
     * Reads a frame from {@code length} characters of {@code text} at {@code offset}, in one pass; they are not
     * kept. A frame that cannot be read is returned as such, with the reason and, when that much can be read, its
     * channel (the text is then read a second time, for the channel alone): never thrown.
     */
    public PushFrame read(char[] text, int offset, int length) {
        Push frame;
        try {
            passes.increment();
            frame = push.read(JsonText.of(text, offset, length), "stream");
        } catch (IOException | RuntimeException e) {
            return unreadable(text, offset, length, e);
        }
        if (frame == null) {
            return unreadable(text, offset, length, null);
        }
        boolean error = frame.code() != null && frame.code() != 1000;
        if (frame.channel() == null && !error) {
            json.refusedWhole("unknown", PUSH);
            return new PushFrame(null, null, null, null, new ExchangeReplyFormatException("stream",
                    "a frame without a channel", snippet(text, offset, length)));
        }
        String channel = frame.channel() == null ? "" : Echo.cut(frame.channel(), MAX_CHANNEL);
        if (error) {
            return new PushFrame(channel, frame.code(), Echo.cut(String.valueOf(frame.message()), 120), null, null);
        }
        // Whether the payload is whole is decided here, once a frame: a push its subscribers cannot take is counted
        // once, whatever their number, and is no snapshot for a route that joins the channel after it.
        String kind = kind(channel);
        String incomplete = incomplete(kind, frame);
        if (incomplete != null) {
            json.refusedWhole(kind, PUSH);
            return new PushFrame(channel, null, null, null, new ExchangeReplyFormatException(kind + " push",
                    incomplete, snippet(text, offset, length)));
        }
        return new PushFrame(channel, null, null, frame, null);
    }

    /** Why the payload of a channel of {@code kind} is not whole (a field missing, a crossed book); null if it is. */
    private static String incomplete(String kind, Push p) {
        return switch (kind) {
            case "ticker" -> p.ticker() == null ? missing("ticker") : p.date() == null ? missing("date") : null;
            case "depth" -> p.asks() == null ? missing("asks") : p.bids() == null ? missing("bids")
                    : p.timestamp() == null ? missing("timestamp") : crossed(p.asks(), p.bids());
            case "quick_depth" -> p.listDown() == null ? missing("listDown") : p.listUp() == null ? missing("listUp")
                    : p.lastTime() == null ? missing("lastTime") : crossed(p.listUp(), p.listDown());
            case "trades" -> p.data() == null ? missing("data") : null;
            case "kline" -> p.datas() == null ? missing("datas") : null;
            default -> null;
        };
    }

    /** A field the channel's payload must have: its absence is the same format error as in a REST reply. */
    private static String missing(String field) {
        return "missing field '" + field + "'";
    }

    /**
     * A pushed book is a whole snapshot: one whose best bid reaches its best ask was not taken at one moment,
     * and is refused like any unreadable push (the next snapshot replaces it). Both sides are read best first.
     */
    private static String crossed(List<PriceLevel> asks, List<PriceLevel> bids) {
        if (asks.isEmpty() || bids.isEmpty() || bids.get(0).price().compareTo(asks.get(0).price()) < 0) {
            return null;
        }
        return "a crossed book: best bid " + Echo.of(bids.get(0).price().toPlainString()) + " is not below best ask "
               + Echo.of(asks.get(0).price().toPlainString());
    }

    /** Reads a frame of text; see {@link #read(char[], int, int)}. */
    public PushFrame read(String text) {
        return read(text.toCharArray(), 0, text.length());
    }

    /** The passes over frames so far: one per frame read whole, two for one that could not be. */
    public long passes() {
        return passes.sum();
    }

    /** A frame that could not be read whole: its channel, if the frame can at least say that much. */
    private PushFrame unreadable(char[] text, int offset, int length, Exception cause) {
        String snippet = snippet(text, offset, length);
        String channel = channelOf(JsonText.of(text, offset, length));
        ExchangeReplyFormatException failure = cause instanceof ExchangeReplyFormatException given ? given
                : new ExchangeReplyFormatException(channel == null ? "stream" : channel + " push",
                        cause == null ? "an empty frame" : ReplyProblems.problem(cause, length), snippet);
        json.refusedWhole(kind(channel), PUSH);
        return new PushFrame(channel, null, null, null, failure);
    }

    /**
     * The channel a frame names at its top level, found from its structure alone, so that whatever is wrong in its
     * payload (a repeated key, a value nested thousands deep) leaves it named; null when the frame is too broken to
     * say, or names its channel twice. Then the session tells every channel of the connection.
     */
    private String channelOf(JsonText frame) {
        passes.increment();
        RecordSlicer.Found members;
        try {
            members = RecordSlicer.find(frame, TOP_LEVEL, KEYED)[0];
        } catch (JsonParseException broken) {
            return null;
        }
        String channel = null;
        for (int i = 0; members != null && i < members.records(); i++) {
            if (CHANNEL.equals(ReplyShape.string(frame, channelText, members.keyStart(i), members.keyEnd(i)))) {
                String named = ReplyShape.string(frame, channelText, members.valueStart(i), members.valueEnd(i));
                if (channel != null || named == null) {
                    return null;
                }
                channel = Echo.cut(named, MAX_CHANNEL);
            }
        }
        return channel;
    }

    private static String snippet(char[] text, int offset, int length) {
        return ReplyProblems.snippet(new String(text, offset, Math.min(length, 4 * 120)), length);
    }

    public Ticker ticker(String market, PushFrame frame) {
        Push p = frame.payload();
        var v = p.ticker();
        return new Ticker(market, v.high(), v.low(), v.buy(), v.sell(), v.last(), v.vol(), p.date());
    }

    /** A whole book, both sides best first, at most {@code size} levels a side. */
    public Depth depth(String market, PushFrame frame, int size) {
        Push p = frame.payload();
        return new Depth(market, top(p.asks(), size), top(p.bids(), size), p.timestamp());
    }

    /** A whole short book from the quick-depth channel, best first, at most {@code size} levels a side. */
    public Depth quickDepth(String market, PushFrame frame, int size) {
        Push p = frame.payload();
        return new Depth(market, top(p.listUp(), size), top(p.listDown(), size), p.lastTime());
    }

    /** The pushed trades in tid order; the trades refused are told once a frame, by its first reader. */
    public List<Trade> trades(String market, PushFrame frame) {
        Push p = frame.payload();
        if (frame.firstToTell()) {
            json.tell("trades", PUSH, market, p.data().refusals());
        }
        return json.trades(market, p.data());
    }

    /** The pushed candles, oldest first; the candles refused are told once a frame, by its first reader. */
    public List<Candle> candles(PushFrame frame) {
        Push p = frame.payload();
        List<Candle> candles = new ArrayList<>(p.datas().data());
        candles.sort(Comparator.comparing(Candle::openTime));
        if (frame.firstToTell()) {
            json.tell("kline", PUSH, null, p.datas().data().refusals());
        }
        return candles;
    }

    /** One change of one of the account's orders, numbered among the changes of its market. */
    public record AccountOrder(long seq, Order order) {
    }

    /**
     * The order a {@code push_user_incr_record} frame carries; null for the exchange's answer to the subscription,
     * which carries none.
     *
     * @param variantA decides what the status value means, as for a REST record
     * @throws ExchangeReplyFormatException for a record without its number: its place among the changes is unknown
     */
    public AccountOrder accountOrder(PushFrame frame, boolean variantA) {
        Push p = frame.payload();
        if (p.record() == null) {
            return null;
        }
        if (p.seq() == null || p.seq() < 1) {
            throw new ExchangeReplyFormatException(frame.channel() + " push", "seq is missing or not positive",
                    Echo.cut(String.valueOf(p.seq()), 40));
        }
        return new AccountOrder(p.seq(), p.record().order(variantA));
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

    /**
     * The kind of data a channel carries ({@code trades}, {@code kline}...), for the meters; {@code unknown}. Runs once
     * a frame, so it compares in place rather than build a string per kind.
     */
    static String kind(String channel) {
        if (channel == null) {
            return "unknown";
        }
        for (String kind : KINDS) {
            if (named(channel, kind)) {
                return kind;
            }
        }
        return "unknown";
    }

    /** Whether {@code _kind} ends the channel or {@code _kind_} is in it. */
    private static boolean named(String channel, String kind) {
        int n = kind.length();
        for (int at = channel.indexOf(kind); at >= 0; at = channel.indexOf(kind, at + 1)) {
            int end = at + n;
            if (at > 0 && channel.charAt(at - 1) == '_' && (end == channel.length() || channel.charAt(end) == '_')) {
                return true;
            }
        }
        return false;
    }

    private static <T> List<T> top(List<T> side, int size) {
        return side.size() <= size ? side : side.subList(0, size);
    }
}
