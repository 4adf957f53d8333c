package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.Candle;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;

/** A K-line candle as the exchange sends it: {@code [open time in ms, open, high, low, close, volume]}. */
final class CandleDeserializer extends StdDeserializer<Candle> {

    private static final EpochTime OPEN_TIME = new EpochTime.Millis();

    CandleDeserializer() {
        super(Candle.class);
    }

    @Override
    public Candle deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return (Candle) ctxt.handleUnexpectedToken(Candle.class, p);
        }
        p.nextToken();
        Instant open = OPEN_TIME.deserialize(p, ctxt);
        BigDecimal[] values = new BigDecimal[5];
        for (int i = 0; i < values.length; i++) {
            p.nextToken();
            values[i] = DecimalDeserializer.read(p, ctxt, Candle.class);
        }
        PriceLevelDeserializer.skipRest(p);
        String problem = problem(values[0], values[1], values[2], values[3], values[4]);
        if (problem != null) {
            return (Candle) ctxt.reportInputMismatch(Candle.class, "a candle that cannot be (%s)", problem);
        }
        return new Candle(open, values[0], values[1], values[2], values[3], values[4]);
    }

    /** What makes a candle impossible: a price not above zero, a negative volume, a high or a low not the extreme. */
    private static String problem(BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close,
                                  BigDecimal volume) {
        if (open.signum() <= 0 || high.signum() <= 0 || low.signum() <= 0 || close.signum() <= 0) {
            return "a price not above zero";
        }
        if (volume.signum() < 0) {
            return "a negative volume";
        }
        if (high.compareTo(open.max(close).max(low)) < 0 || low.compareTo(open.min(close)) > 0) {
            return "its high below or its low above another of its prices";
        }
        return null;
    }
}
