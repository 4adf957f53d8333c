package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the fields of one recording line, refusing what is missing, malformed or out of bounds with a
 * {@link RecordingFormatException} that names the line.
 */
record LineFields(long line) {
    private static final int MAX_TEXT = 64;

    RecordingFormatException fail(String problem) {
        return new RecordingFormatException(line, problem);
    }

    private JsonNode required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw fail(field + " is missing");
        }
        return value;
    }

    String text(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isTextual() || value.asText().length() > MAX_TEXT) {
            throw fail(field + " must be text of at most " + MAX_TEXT + " characters");
        }
        return value.asText();
    }

    Instant time(JsonNode node, String field) {
        String text = text(node, field);
        try {
            return IsoInstants.parse(text);
        } catch (DateTimeParseException e) {
            throw fail(field + " is not an ISO-8601 UTC time such as 2026-11-25T08:00:00.123Z: "
                    + Echo.quoted(text));
        }
    }

    Instant optionalTime(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : time(node, field);
    }

    BigDecimal decimal(JsonNode node, String field) {
        JsonNode value = required(node, field);
        BigDecimal parsed;
        if (value.isTextual()) {
            String text = value.asText();
            if (text.length() > BoundedDecimal.MAX_TEXT_LENGTH) {
                throw fail(field + " is longer than " + BoundedDecimal.MAX_TEXT_LENGTH + " characters");
            }
            try {
                parsed = new BigDecimal(text);
            } catch (NumberFormatException e) {
                throw fail(field + " is not a decimal: " + Echo.quoted(text));
            }
        } else if (value.isNumber()) {
            parsed = value.decimalValue();
        } else {
            throw fail(field + " must be a decimal string or number");
        }
        if (!BoundedDecimal.fits(parsed)) {
            throw fail(field + " has more than " + BoundedDecimal.MAX_PRECISION + " digits or a scale beyond "
                    + BoundedDecimal.MAX_SCALE);
        }
        return parsed;
    }

    BigDecimal optionalDecimal(JsonNode node, String field) {
        JsonNode value = node.get(field);
        boolean absent = value == null || value.isNull() || (value.isTextual() && value.asText().isBlank());
        return absent ? null : decimal(node, field);
    }

    long id(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw fail(field + " must be a whole number");
        }
        return value.asLong();
    }

    int scale(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isIntegralNumber() || !value.canConvertToInt() || value.asInt() < 0
                || value.asInt() > BoundedDecimal.MAX_SCALE) {
            throw fail(field + " must be a whole number within 0.." + BoundedDecimal.MAX_SCALE);
        }
        return value.asInt();
    }

    Side side(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        return switch (value.asText()) {
            case "BUY" -> Side.BUY;
            case "SELL" -> Side.SELL;
            default -> throw fail(field + " must be BUY, SELL or null: " + Echo.quoted(value.asText()));
        };
    }

    KlineType klineType(JsonNode node, String field) {
        String text = text(node, field);
        try {
            return KlineType.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw fail(field + " must be a K-line type such as MIN_1 or HOUR_1: " + Echo.quoted(text));
        }
    }

    List<PriceLevel> levels(JsonNode node, String field) {
        JsonNode value = required(node, field);
        if (!value.isArray()) {
            throw fail(field + " must be a list of {price, amount}");
        }
        List<PriceLevel> out = new ArrayList<>(value.size());
        for (JsonNode level : value) {
            if (!level.isObject()) {
                throw fail(field + " must be a list of {price, amount}");
            }
            out.add(new PriceLevel(decimal(level, "price"), decimal(level, "amount")));
        }
        return out;
    }
}
