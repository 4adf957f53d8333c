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
        ESCAPES.quoteAsString(text, out);
        return out.append('"');
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
