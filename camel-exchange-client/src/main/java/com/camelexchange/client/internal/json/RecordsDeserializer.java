package com.camelexchange.client.internal.json;

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
 * Reads a JSON array into {@link Records} in one pass: each element with the deserializer of the element type; an
 * element whose values are out of bounds or of the wrong type is refused with the reason and skipped to its end
 * (its tokens were read whole, so the parser is where it was), and the next one is read. An element the tokenizer
 * refuses (not JSON, not UTF-8, nested past the bound) is thrown: the parser cannot be trusted to find the next
 * element after that, and the reply is read record by record instead ({@link ReplyShape}).
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
                if (ReplyProblems.tokenizerRefused(e)) {
                    // The record's bytes, not its values: where it ends is the slicer's to find (ReplyShape).
                    throw e;
                }
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
