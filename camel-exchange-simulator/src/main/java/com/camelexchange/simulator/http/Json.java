package com.camelexchange.simulator.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** JSON building for replies: numbers from {@code BigDecimal} are written plain (no exponent). */
final class Json {
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    static final ObjectMapper MAPPER = new ObjectMapper().setNodeFactory(NODES)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);

    private Json() {
    }

    static ObjectNode object() {
        return NODES.objectNode();
    }

    static ArrayNode array() {
        return NODES.arrayNode();
    }

    /** {@code text} as a JSON string, quoted and escaped exactly as {@link #MAPPER} writes a string value. */
    static StringBuilder quote(StringBuilder out, String text) {
        out.append('"');
        if (plain(text)) {
            out.append(text);
        } else {
            ESCAPES.quoteAsString(text, out);
        }
        return out.append('"');
    }

    /** Whether the mapper writes {@code text} as it is: no control character, quote or backslash in it. */
    private static boolean plain(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                return false;
            }
        }
        return true;
    }

    private static final com.fasterxml.jackson.core.io.JsonStringEncoder ESCAPES =
            com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance();

    static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A reply tree always serialises", e);
        }
    }
}
