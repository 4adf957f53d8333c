package com.camelexchange.client.model.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** The JSON form of {@link JsonTime} values. */
public final class TimeJson {
    /** Longer than any ISO-8601 instant with nanoseconds and an offset. */
    private static final int MAX_TEXT = 64;

    private TimeJson() {
    }

    public static final class Writer extends StdScalarSerializer<Instant> {
        public Writer() {
            super(Instant.class);
        }

        @Override
        public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(value.toString());
        }
    }

    /** ISO-8601 text; an empty string is no value. */
    public static final class Reader extends StdScalarDeserializer<Instant> {
        public Reader() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.currentToken() == JsonToken.VALUE_STRING ? p.getText().trim() : null;
            if (text != null && text.isEmpty()) {
                // What XML writes for null (an empty element).
                return null;
            }
            if (text != null && text.length() <= MAX_TEXT) {
                try {
                    return Instant.parse(text);
                } catch (DateTimeParseException e) {
                    // refused below, with the form expected
                }
            }
            return (Instant) ctxt.reportInputMismatch(this, "not an ISO-8601 UTC time such as 2026-11-22T08:00:30Z");
        }
    }
}
