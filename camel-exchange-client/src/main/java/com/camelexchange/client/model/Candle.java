package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One K-line candle, sent as {@code [open time in ms, open, high, low, close, volume]}.
 *
 * @param openTime the start of the candle's period (sent in milliseconds)
 */
public record Candle(@JsonTime Instant openTime, @JsonDecimal BigDecimal open, @JsonDecimal BigDecimal high,
                     @JsonDecimal BigDecimal low, @JsonDecimal BigDecimal close, @JsonDecimal BigDecimal volume) {
    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
