package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a trade, depth, ticker or candle line in the one shape {@link RecordingFormat} writes it, token by token
 * into its {@link MarketEvent} (no tree of the line is built, which made reading most of a backtest's time). Any
 * line not exactly in that shape (fields in another order or missing, an unknown field, a number where the writer
 * puts text, a time {@link IsoInstants} does not read itself, the markets line, an unknown kind, trailing text) or
 * with anything wrong in it is not read here: {@link #parse} returns null and {@link RecordingFormat} reads the line
 * the general way, which accepts what it accepts and gives its errors with their messages. So this class decides
 * nothing: each value it accepts passes the same checks the general reading makes ({@link LineFields}), and it
 * accepts a subset of the lines that reading accepts, giving equal events.
 */
final class FastLineParser {
    /**
     * Jackson's default tokenizer, as the general reading's mapper uses, without its duplicate-key check: a line read
     * here has each of its field names at a fixed place, so one given twice is never accepted (it is out of place).
     */
    private static final JsonFactory JSON = new JsonFactory();
    /** The longest text field, as {@link LineFields} bounds it. */
    private static final int MAX_TEXT = 64;
    private static final SerializedString AT = new SerializedString("at");
    private static final SerializedString KIND = new SerializedString("kind");
    private static final SerializedString MARKET = new SerializedString("market");
    private static final SerializedString TYPE = new SerializedString("type");
    private static final SerializedString DATA = new SerializedString("data");
    private static final SerializedString TID = new SerializedString("tid");
    private static final SerializedString DATE = new SerializedString("date");
    private static final SerializedString PRICE = new SerializedString("price");
    private static final SerializedString AMOUNT = new SerializedString("amount");
    private static final SerializedString TAKER_SIDE = new SerializedString("takerSide");
    private static final SerializedString ASKS = new SerializedString("asks");
    private static final SerializedString BIDS = new SerializedString("bids");
    private static final SerializedString TIMESTAMP = new SerializedString("timestamp");
    private static final SerializedString HIGH = new SerializedString("high");
    private static final SerializedString LOW = new SerializedString("low");
    private static final SerializedString BUY = new SerializedString("buy");
    private static final SerializedString SELL = new SerializedString("sell");
    private static final SerializedString LAST = new SerializedString("last");
    private static final SerializedString VOLUME = new SerializedString("volume");
    private static final SerializedString OPEN_TIME = new SerializedString("openTime");
    private static final SerializedString OPEN = new SerializedString("open");
    private static final SerializedString CLOSE = new SerializedString("close");

    private FastLineParser() {
    }

    /** The event of a line in the writer's shape, or null to have the line read the general way. */
    static MarketEvent parse(String text) {
        try (JsonParser p = JSON.createParser(text)) {
            MarketEvent event = line(p);
            // Anything after the line's object is for the general reading.
            return p.nextToken() == null ? event : null;
        } catch (IOException | RuntimeException e) {
            // Not the writer's shape (Defer), not JSON, or a value a parse or a constructor refuses: the general
            // reading says what is wrong.
            return null;
        }
    }

    private static MarketEvent line(JsonParser p) throws IOException {
        token(p, JsonToken.START_OBJECT);
        Instant at = time(p, AT);
        MarketEvent.Kind kind = switch (text(p, KIND)) {
            case "trade" -> MarketEvent.Kind.TRADE;
            case "depth" -> MarketEvent.Kind.DEPTH;
            case "ticker" -> MarketEvent.Kind.TICKER;
            case "candle" -> MarketEvent.Kind.CANDLE;
            default -> throw Defer.INSTANCE;
        };
        String market = text(p, MARKET);
        KlineType type = null;
        if (kind == MarketEvent.Kind.CANDLE) {
            type = KlineType.valueOf(text(p, TYPE));
        }
        name(p, DATA);
        token(p, JsonToken.START_OBJECT);
        MarketEvent event = switch (kind) {
            case TRADE -> trade(p, at, market);
            case DEPTH -> depth(p, at, market);
            case TICKER -> ticker(p, at, market);
            case CANDLE -> candle(p, at, market, type);
            case MARKETS -> throw Defer.INSTANCE;
        };
        token(p, JsonToken.END_OBJECT);
        token(p, JsonToken.END_OBJECT);
        return event;
    }

    private static MarketEvent trade(JsonParser p, Instant at, String market) throws IOException {
        sameMarket(p, market);
        name(p, TID);
        token(p, JsonToken.VALUE_NUMBER_INT);
        JsonParser.NumberType size = p.getNumberType();
        if (size != JsonParser.NumberType.INT && size != JsonParser.NumberType.LONG) {
            throw Defer.INSTANCE;
        }
        long tid = p.getLongValue();
        Instant date = time(p, DATE);
        BigDecimal price = decimal(p, PRICE);
        BigDecimal amount = decimal(p, AMOUNT);
        name(p, TAKER_SIDE);
        Side side = switch (p.nextToken()) {
            case VALUE_NULL -> null;
            case VALUE_STRING -> switch (p.getText()) {
                case "BUY" -> Side.BUY;
                case "SELL" -> Side.SELL;
                default -> throw Defer.INSTANCE;
            };
            default -> throw Defer.INSTANCE;
        };
        return new MarketEvent.Trade(at, market, tid, date, price, amount, side);
    }

    private static MarketEvent depth(JsonParser p, Instant at, String market) throws IOException {
        sameMarket(p, market);
        name(p, ASKS);
        List<PriceLevel> asks = levels(p);
        name(p, BIDS);
        List<PriceLevel> bids = levels(p);
        return new MarketEvent.Depth(at, market, asks, bids, time(p, TIMESTAMP));
    }

    private static MarketEvent ticker(JsonParser p, Instant at, String market) throws IOException {
        sameMarket(p, market);
        BigDecimal high = decimal(p, HIGH);
        BigDecimal low = decimal(p, LOW);
        BigDecimal buy = decimal(p, BUY);
        BigDecimal sell = decimal(p, SELL);
        BigDecimal last = decimal(p, LAST);
        BigDecimal volume = decimal(p, VOLUME);
        name(p, DATE);
        Instant date = p.nextToken() == JsonToken.VALUE_NULL ? null : currentTime(p);
        return new MarketEvent.Ticker(at, market, high, low, buy, sell, last, volume, date);
    }

    private static MarketEvent candle(JsonParser p, Instant at, String market, KlineType type) throws IOException {
        Instant openTime = time(p, OPEN_TIME);
        BigDecimal open = decimal(p, OPEN);
        BigDecimal high = decimal(p, HIGH);
        BigDecimal low = decimal(p, LOW);
        BigDecimal close = decimal(p, CLOSE);
        return new MarketEvent.Candle(at, market, type, openTime, open, high, low, close, decimal(p, VOLUME));
    }

    /** The data's {@code market}, which must be the line's. */
    private static void sameMarket(JsonParser p, String market) throws IOException {
        name(p, MARKET);
        token(p, JsonToken.VALUE_STRING);
        if (!market.equals(p.getText())) {
            throw Defer.INSTANCE;
        }
    }

    private static List<PriceLevel> levels(JsonParser p) throws IOException {
        token(p, JsonToken.START_ARRAY);
        List<PriceLevel> levels = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            BigDecimal price = decimal(p, PRICE);
            BigDecimal amount = decimal(p, AMOUNT);
            token(p, JsonToken.END_OBJECT);
            levels.add(new PriceLevel(price, amount));
        }
        if (!p.hasToken(JsonToken.END_ARRAY)) {
            throw Defer.INSTANCE;
        }
        return levels;
    }

    /**
     * The field {@code field}, next, with its decimal written as text, bounded as {@link LineFields#decimal} bounds
     * it.
     */
    private static BigDecimal decimal(JsonParser p, SerializedString field) throws IOException {
        name(p, field);
        token(p, JsonToken.VALUE_STRING);
        int length = p.getTextLength();
        if (length > BoundedDecimal.MAX_TEXT_LENGTH) {
            throw Defer.INSTANCE;
        }
        // What new BigDecimal(String) reads, without making the String; a NumberFormatException defers.
        BigDecimal value = new BigDecimal(p.getTextCharacters(), p.getTextOffset(), length);
        if (!BoundedDecimal.fits(value)) {
            throw Defer.INSTANCE;
        }
        return value;
    }

    /** The field {@code field}, next, with its time. */
    private static Instant time(JsonParser p, SerializedString field) throws IOException {
        name(p, field);
        p.nextToken();
        return currentTime(p);
    }

    private static Instant currentTime(JsonParser p) throws IOException {
        if (!p.hasToken(JsonToken.VALUE_STRING)) {
            throw Defer.INSTANCE;
        }
        Instant time = IsoInstants.writersShape(p.getText());
        if (time == null) {
            throw Defer.INSTANCE;
        }
        return time;
    }

    /** The field {@code field}, next, with its text of at most {@value #MAX_TEXT} characters. */
    private static String text(JsonParser p, SerializedString field) throws IOException {
        name(p, field);
        token(p, JsonToken.VALUE_STRING);
        if (p.getTextLength() > MAX_TEXT) {
            throw Defer.INSTANCE;
        }
        return p.getText();
    }

    private static void name(JsonParser p, SerializedString name) throws IOException {
        if (!p.nextFieldName(name)) {
            throw Defer.INSTANCE;
        }
    }

    private static void token(JsonParser p, JsonToken expected) throws IOException {
        if (p.nextToken() != expected) {
            throw Defer.INSTANCE;
        }
    }

    /** The line is not in the writer's shape: it is read the general way. Thrown without a stack trace. */
    private static final class Defer extends RuntimeException {
        static final Defer INSTANCE = new Defer();

        private Defer() {
            super("not in the writer's shape", null, false, false);
        }
    }
}
