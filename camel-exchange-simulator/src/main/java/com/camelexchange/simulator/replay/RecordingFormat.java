package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The JSON of one recording line: {@code {"at":..,"kind":..,"market":..,"type":..,"data":{..}}}, where
 * {@code data} is the camel-exchange model's JSON (decimals as exact strings, times as ISO-8601 text, enums
 * by name). Read strictly (a key given twice is refused) and bounded like every number from outside.
 */
final class RecordingFormat {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final ObjectMapper MAPPER = new ObjectMapper().setNodeFactory(NODES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private RecordingFormat() {
    }

    // ---------------------------------------------------------------- writing

    static String line(MarketEvent event) {
        ObjectNode line = NODES.objectNode();
        line.put("at", event.at().toString());
        line.put("kind", event.kind().wire());
        if (event.market() != null) {
            line.put("market", event.market());
        }
        if (event instanceof MarketEvent.Candle c) {
            line.put("type", c.type().name());
        }
        line.set("data", data(event));
        try {
            return MAPPER.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A tree of strings and numbers always serialises", e);
        }
    }

    /** A JSON string literal of any text. */
    static String quote(String text) {
        try {
            return MAPPER.writeValueAsString(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A string always serialises", e);
        }
    }

    private static ObjectNode data(MarketEvent event) {
        ObjectNode d = NODES.objectNode();
        if (event instanceof MarketEvent.Markets m) {
            m.markets().forEach(spec -> {
                ObjectNode o = d.putObject(spec.name());
                o.put("name", spec.name());
                o.put("priceScale", spec.priceScale());
                o.put("amountScale", spec.amountScale());
                o.put("minAmount", decimal(spec.minAmount()));
                o.put("minSize", decimal(spec.minSize()));
            });
        } else if (event instanceof MarketEvent.Trade t) {
            d.put("market", t.market());
            d.put("tid", t.tid());
            d.put("date", t.date().toString());
            d.put("price", decimal(t.price()));
            d.put("amount", decimal(t.amount()));
            d.put("takerSide", t.takerSide() == null ? null : t.takerSide().name());
        } else if (event instanceof MarketEvent.Depth b) {
            d.put("market", b.market());
            d.set("asks", levels(b.asks()));
            d.set("bids", levels(b.bids()));
            d.put("timestamp", b.timestamp().toString());
        } else if (event instanceof MarketEvent.Ticker t) {
            d.put("market", t.market());
            d.put("high", decimal(t.high()));
            d.put("low", decimal(t.low()));
            d.put("buy", decimal(t.buy()));
            d.put("sell", decimal(t.sell()));
            d.put("last", decimal(t.last()));
            d.put("volume", decimal(t.volume()));
            d.put("date", t.date() == null ? null : t.date().toString());
        } else if (event instanceof MarketEvent.Candle c) {
            d.put("openTime", c.openTime().toString());
            d.put("open", decimal(c.open()));
            d.put("high", decimal(c.high()));
            d.put("low", decimal(c.low()));
            d.put("close", decimal(c.close()));
            d.put("volume", decimal(c.volume()));
        }
        return d;
    }

    private static ArrayNode levels(List<PriceLevel> levels) {
        ArrayNode out = NODES.arrayNode();
        for (PriceLevel level : levels) {
            out.addObject().put("price", decimal(level.price())).put("amount", decimal(level.amount()));
        }
        return out;
    }

    private static String decimal(BigDecimal value) {
        return value == null ? null : value.toPlainString();
    }

    // ---------------------------------------------------------------- reading

    /** The event of a model's JSON, read as a line with that {@code data} would be. */
    static MarketEvent fromJson(Instant at, MarketEvent.Kind kind, String market, KlineType type, String dataJson) {
        if (dataJson.length() > RecordingReader.MAX_LINE) {
            throw new RecordingFormatException(0, "data longer than " + RecordingReader.MAX_LINE + " characters");
        }
        StringBuilder line = new StringBuilder(dataJson.length() + 96);
        line.append("{\"at\":\"").append(at).append("\",\"kind\":\"").append(kind.wire()).append('"');
        if (market != null) {
            line.append(",\"market\":").append(quote(market));
        }
        if (type != null) {
            line.append(",\"type\":\"").append(type.name()).append('"');
        }
        line.append(",\"data\":").append(dataJson).append('}');
        MarketEvent event = parse(line.toString(), 0);
        if (event == null) {
            throw new RecordingFormatException(0, "unknown kind " + kind);
        }
        return event;
    }

    /** The event of a line, or null for a kind this version does not know. */
    static MarketEvent parse(String text, long lineNumber) {
        MarketEvent event = FastLineParser.parse(text);
        return event != null ? event : parseTree(text, lineNumber);
    }

    /**
     * The general reading of a line, into a tree: fields in any order, unknown fields ignored, numbers as JSON
     * numbers or text; what it refuses, it refuses with the message that says why. {@link FastLineParser} reads the
     * lines this format writes, faster, and hands any other line here.
     */
    static MarketEvent parseTree(String text, long lineNumber) {
        JsonNode line;
        try {
            line = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new RecordingFormatException(lineNumber, "not JSON: " + Echo.problem(e.getOriginalMessage()));
        }
        LineFields r = new LineFields(lineNumber);
        if (line == null || !line.isObject()) {
            throw r.fail("not a JSON object");
        }
        Instant at = r.time(line, "at");
        MarketEvent.Kind kind = MarketEvent.Kind.fromWire(r.text(line, "kind"));
        if (kind == null) {
            return null;
        }
        JsonNode data = line.get("data");
        if (data == null || !data.isObject()) {
            throw r.fail("data must be a JSON object");
        }
        if (kind == MarketEvent.Kind.MARKETS) {
            return new MarketEvent.Markets(at, markets(r, data));
        }
        String market = r.text(line, "market");
        JsonNode named = data.get("market");
        if (named != null && !named.isNull() && !market.equals(named.asText())) {
            throw r.fail("the market of the data, " + Echo.quoted(named.asText()) + ", is not the line's");
        }
        return switch (kind) {
            case TRADE -> new MarketEvent.Trade(at, market, r.id(data, "tid"), r.time(data, "date"),
                    r.decimal(data, "price"), r.decimal(data, "amount"), r.side(data, "takerSide"));
            case DEPTH -> new MarketEvent.Depth(at, market, r.levels(data, "asks"), r.levels(data, "bids"),
                    r.time(data, "timestamp"));
            case TICKER -> new MarketEvent.Ticker(at, market, r.decimal(data, "high"), r.decimal(data, "low"),
                    r.decimal(data, "buy"), r.decimal(data, "sell"), r.decimal(data, "last"),
                    r.decimal(data, "volume"), r.optionalTime(data, "date"));
            case CANDLE -> new MarketEvent.Candle(at, market, r.klineType(line, "type"), r.time(data, "openTime"),
                    r.decimal(data, "open"), r.decimal(data, "high"), r.decimal(data, "low"),
                    r.decimal(data, "close"), r.decimal(data, "volume"));
            case MARKETS -> throw new IllegalStateException("read above");
        };
    }

    private static List<MarketSpec> markets(LineFields r, JsonNode data) {
        List<MarketSpec> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode m = e.getValue();
            if (!m.isObject()) {
                throw r.fail("market " + Echo.quoted(e.getKey()) + " must be a JSON object");
            }
            BigDecimal minAmount = r.optionalDecimal(m, "minAmount");
            BigDecimal minSize = r.optionalDecimal(m, "minSize");
            try {
                out.add(new MarketSpec(e.getKey(), r.scale(m, "priceScale"), r.scale(m, "amountScale"),
                        minAmount == null ? BigDecimal.ZERO : minAmount, minSize == null ? BigDecimal.ZERO : minSize,
                        BigDecimal.ZERO));
            } catch (IllegalArgumentException bad) {
                throw r.fail("market " + Echo.quoted(e.getKey()) + ": not a market name such as btc_usdt");
            }
        }
        return out;
    }
}
