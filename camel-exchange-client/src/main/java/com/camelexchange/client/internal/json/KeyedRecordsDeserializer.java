package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.Echo;
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
 * Reads a JSON object into {@link KeyedRecords} in one pass: each value with the deserializer of the value type; a
 * value out of bounds is refused under its key and skipped, and the next one is read; one the tokenizer refuses, or
 * a key sent twice, is thrown, and the reply read record by record (see {@link RecordsDeserializer}).
 */
final class KeyedRecordsDeserializer extends StdDeserializer<KeyedRecords<?>> implements ContextualDeserializer {
    private static final int KEY_ECHO = 40;

    private final JsonDeserializer<Object> value;

    KeyedRecordsDeserializer() {
        this(null);
    }

    private KeyedRecordsDeserializer(JsonDeserializer<Object> value) {
        super(KeyedRecords.class);
        this.value = value;
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
            throws JsonMappingException {
        JavaType type = property != null ? property.getType() : ctxt.getContextualType();
        JavaType content = type.containedTypeOrUnknown(0);
        return new KeyedRecordsDeserializer(ctxt.findContextualValueDeserializer(content, property));
    }

    @Override
    public KeyedRecords<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartObjectToken()) {
            return (KeyedRecords<?>) ctxt.handleUnexpectedToken(KeyedRecords.class, p);
        }
        JsonStreamContext object = p.getParsingContext();
        KeyedRecords<Object> records = new KeyedRecords<>();
        JsonToken token;
        for (token = p.nextToken(); token == JsonToken.FIELD_NAME; token = p.nextToken()) {
            String key = p.currentName();
            try {
                token = p.nextToken();
                Object read = token == JsonToken.VALUE_NULL ? null : value.deserialize(p, ctxt);
                if (read == null) {
                    records.refuse(key, "'" + Echo.cut(key, KEY_ECHO) + "': null");
                } else {
                    records.put(key, read);
                }
            } catch (IOException | RuntimeException e) {
                if (ReplyProblems.tokenizerRefused(e)) {
                    // The record's bytes, not its values: where it ends is the slicer's to find (ReplyShape).
                    throw e;
                }
                RecordsDeserializer.backTo(object, p, e);
                records.refuse(key, "'" + Echo.cut(key, KEY_ECHO) + "': " + ReplyProblems.problem(e, 1));
            }
        }
        if (token != JsonToken.END_OBJECT) {
            // Cut short: what was read may be any part of the reply.
            return (KeyedRecords<?>) ctxt.handleUnexpectedToken(KeyedRecords.class, p);
        }
        return records;
    }
}
