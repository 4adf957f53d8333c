package com.camelexchange.client.internal.json;

import com.camelexchange.client.model.json.DecimalBounds;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;
import java.math.BigDecimal;

/**
 * Every {@link BigDecimal} of a reply: sent as a JSON number or as a string, read exactly (65000.10 keeps
 * its scale) and within {@link com.camelexchange.client.Decimals}' bounds. The digits are read from the parser's own
 * buffer, so no intermediate String is made.
 */
final class DecimalDeserializer extends StdScalarDeserializer<BigDecimal> {

    DecimalDeserializer() {
        super(BigDecimal.class);
    }

    @Override
    public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        return read(p, ctxt, BigDecimal.class);
    }

    /** The decimal at the parser's current token (a number or a string); fails the read otherwise. */
    static BigDecimal read(JsonParser p, DeserializationContext ctxt, Class<?> target) throws IOException {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT
            || token == JsonToken.VALUE_STRING) {
            BigDecimal value = DecimalBounds.parse(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            if (value != null) {
                return value;
            }
            return (BigDecimal) ctxt.reportInputMismatch(target, "not a decimal within bounds (%d characters; at"
                    + " most %d digits and %d decimals)", p.getTextLength(), DecimalBounds.MAX_PRECISION, DecimalBounds.MAX_SCALE);
        }
        return (BigDecimal) ctxt.handleUnexpectedToken(target, p);
    }
}
