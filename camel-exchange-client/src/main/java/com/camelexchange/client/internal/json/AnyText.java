package com.camelexchange.client.internal.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;

import java.io.IOException;

/**
 * A field read only to be repeated in a message (an error frame's {@code message}): any scalar's text, cut to
 * {@link #MAX} characters; an object or an array is skipped and read as null. Nothing is converted: a number of a
 * million digits stays text.
 */
final class AnyText extends StdScalarDeserializer<String> {
    static final int MAX = 120;

    AnyText() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (p.currentToken().isStructStart()) {
            p.skipChildren();
            return null;
        }
        int length = p.getTextLength();
        return new String(p.getTextCharacters(), p.getTextOffset(), Math.min(length, MAX));
    }
}
