package com.camelexchange.client.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;

import java.io.IOException;
import java.math.BigDecimal;

/** The JSON form of {@link JsonDecimal} values. */
public final class DecimalJson {
    private DecimalJson() {
    }

    /** Plain notation keeps the scale ({@code 60000.10}) and never turns into {@code 6E+4}. */
    public static final class Writer extends StdScalarSerializer<BigDecimal> {
        public Writer() {
            super(BigDecimal.class);
        }

        @Override
        public void serialize(BigDecimal value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            // A value outside the bounds (built in Java, never read from outside) could be a billion digits plain.
            gen.writeString(DecimalBounds.withinBounds(value) ? value.toPlainString() : value.toString());
        }
    }

    /**
     * A string or a number, read exactly from its text and within the bounds of every number from outside;
     * an empty string is no value.
     */
    public static final class Reader extends StdScalarDeserializer<BigDecimal> {
        public Reader() {
            super(BigDecimal.class);
        }

        @Override
        public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonToken token = p.currentToken();
            if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NUMBER_INT
                && token != JsonToken.VALUE_NUMBER_FLOAT) {
                return (BigDecimal) ctxt.handleUnexpectedToken(BigDecimal.class, p);
            }
            String text = p.getText();
            if (token == JsonToken.VALUE_STRING && text.isBlank()) {
                // What XML writes for null (an empty element), and what Jackson reads as none for its own numbers.
                return null;
            }
            BigDecimal value = DecimalBounds.parse(text);
            if (value == null) {
                return (BigDecimal) ctxt.reportInputMismatch(this, "not a decimal of at most %d characters, %d digits"
                        + " and %d decimals", DecimalBounds.MAX_TEXT, DecimalBounds.MAX_PRECISION, DecimalBounds.MAX_SCALE);
            }
            return value;
        }
    }
}
