package com.camelexchange.component.api.wire;

import com.camelexchange.component.model.Candle;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;

/** A K-line candle as the exchange sends it: {@code [open time in ms, open, high, low, close, volume]}. */
final class CandleDeserializer extends StdDeserializer<Candle> {

    CandleDeserializer() {
        super(Candle.class);
    }

    @Override
    public Candle deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return (Candle) ctxt.handleUnexpectedToken(Candle.class, p);
        }
        p.nextToken();
        Instant open = Instant.ofEpochMilli(EpochTime.whole(p, ctxt));
        BigDecimal[] values = new BigDecimal[5];
        for (int i = 0; i < values.length; i++) {
            p.nextToken();
            values[i] = DecimalDeserializer.read(p, ctxt, Candle.class);
        }
        PriceLevelDeserializer.skipRest(p);
        return new Candle(open, values[0], values[1], values[2], values[3], values[4]);
    }
}
