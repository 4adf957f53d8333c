package com.camelexchange.component.converter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Reads the JSON text a route sends as a message body (an order, a batch's pairs), with decimals kept as
 * {@code BigDecimal} so that no price or amount passes through a double.
 */
public final class BodyJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private BodyJson() {
    }

    public static <T> T read(String text, Class<T> type) throws JsonProcessingException {
        return JSON.readValue(text, type);
    }
}
