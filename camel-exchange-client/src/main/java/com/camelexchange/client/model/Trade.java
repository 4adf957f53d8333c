package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A public trade.
 *
 * @param tid       the trade id, increasing within a market
 * @param date      when it happened (sent in seconds)
 * @param takerSide which side took liquidity; null where the variant omits it (B)
 */
public record Trade(String market, long tid, @JsonTime Instant date, @JsonDecimal BigDecimal price,
                    @JsonDecimal BigDecimal amount, TradeSide takerSide) {
    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
