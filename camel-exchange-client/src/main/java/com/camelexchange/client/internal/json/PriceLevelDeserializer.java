package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.PriceLevel;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;

/** A book level as the exchange sends it: {@code [price, amount]} (anything after the amount is skipped). */
final class PriceLevelDeserializer extends StdDeserializer<PriceLevel> {

    PriceLevelDeserializer() {
        super(PriceLevel.class);
    }

    @Override
    public PriceLevel deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return (PriceLevel) ctxt.handleUnexpectedToken(PriceLevel.class, p);
        }
        p.nextToken();
        var price = DecimalDeserializer.read(p, ctxt, PriceLevel.class);
        p.nextToken();
        var amount = DecimalDeserializer.read(p, ctxt, PriceLevel.class);
        skipRest(p);
        if (price.signum() <= 0 || amount.signum() < 0) {
            return (PriceLevel) ctxt.reportInputMismatch(PriceLevel.class, "a level at a price not above zero or of a"
                    + " negative amount");
        }
        return new PriceLevel(price, amount);
    }

    /** Skips what follows the values read, up to the array's end. */
    static void skipRest(JsonParser p) throws IOException {
        for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY && t != null; t = p.nextToken()) {
            p.skipChildren();
        }
    }
}
