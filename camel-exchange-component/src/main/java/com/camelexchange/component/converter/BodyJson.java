package com.camelexchange.component.converter;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Reads the JSON text a route sends as a message body (an order, a batch's pairs), with decimals kept as
 * {@code BigDecimal} so that no price or amount passes through a double. A key given twice is refused:
 * which of two prices was meant is not for the component to guess.
 */
public final class BodyJson {
    private static final String DUPLICATE = "Duplicate field '";
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // Two orders in one body are a mistake to refuse, not a first order to place and a second to drop.
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private BodyJson() {
    }

    /**
     * The text read as {@code type}; refused as the body when it is not {@code what} (e.g. "a JSON order
     * object"), naming a duplicate key or Jackson's reason, cut short.
     */
    public static <T> T read(String text, Class<T> type, String what) {
        T value;
        try {
            value = JSON.readValue(text, type);
        } catch (JsonProcessingException e) {
            String reason = String.valueOf(e.getOriginalMessage());
            if (reason.startsWith(DUPLICATE) && reason.endsWith("'")) {
                String key = reason.substring(DUPLICATE.length(), reason.length() - 1);
                throw new ExchangeValidationException("body", "key '" + Echo.of(key)
                        + "' is given more than once; each key may appear once");
            }
            throw new ExchangeValidationException("body", "not " + what + ": " + Echo.cut(reason, 120));
        }
        if (value == null) {
            throw new ExchangeValidationException("body", "not " + what + ": null");
        }
        return value;
    }
}
