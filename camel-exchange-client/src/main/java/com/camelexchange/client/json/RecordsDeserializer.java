package com.camelexchange.client.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.ContextualDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;

import java.io.IOException;

/**
 * Reads a JSON array into {@link Records}: each element with the deserializer of the element type; an element that
 * cannot be read, or whose values are out of bounds, is refused with the reason and skipped to its end, and the
 * next one is read. Only JSON that is broken (so that no element after it can be found for sure) refuses the
 * whole array: then the parser cannot be brought back to the array, and the first failure is thrown.
 */
final class RecordsDeserializer extends StdDeserializer<Records<?>> implements ContextualDeserializer {
    private final JsonDeserializer<Object> element;

    RecordsDeserializer() {
        this(null);
    }

    private RecordsDeserializer(JsonDeserializer<Object> element) {
        super(Records.class);
        this.element = element;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
            throws JsonMappingException {
        JavaType type = property != null ? property.getType() : ctxt.getContextualType();
        JavaType content = type.containedTypeOrUnknown(0);
        return new RecordsDeserializer(ctxt.findContextualValueDeserializer(content, property));
    }

    @Override
    public Records<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return (Records<?>) ctxt.handleUnexpectedToken(Records.class, p);
        }
        JsonStreamContext list = p.getParsingContext();
        Records<Object> records = new Records<>();
        int index = 0;
        for (JsonToken token = p.nextToken(); token != JsonToken.END_ARRAY; token = p.nextToken(), index++) {
            if (token == null) {
                // Cut short: what was read may be any part of the reply.
                return (Records<?>) ctxt.handleUnexpectedToken(Records.class, p);
            }
            try {
                Object value = token == JsonToken.VALUE_NULL ? null : element.deserialize(p, ctxt);
                if (value == null) {
                    records.refuse(index, "record " + index + ": null");
                } else {
                    records.add(value);
                }
            } catch (IOException | RuntimeException e) {
                backTo(list, p, e);
                records.refuse(index, "record " + index + ": " + ReplyProblems.problem(e, 1));
            }
        }
        return records;
    }

    /**
     * Reads on to the end of the element that failed, back in {@code list}; throws {@code failure} when the JSON
     * after it is broken or ends there, so that no later element can be found for sure.
     */
    static void backTo(JsonStreamContext list, JsonParser p, Exception failure) throws IOException {
        boolean back;
        try {
            JsonToken token = p.currentToken();
            while (token != null && p.getParsingContext() != list) {
                token = p.nextToken();
            }
            back = token != null;
        } catch (IOException | RuntimeException broken) {
            back = false;
        }
        if (!back) {
            if (failure instanceof IOException io) {
                throw io;
            }
            throw (RuntimeException) failure;
        }
    }
}
