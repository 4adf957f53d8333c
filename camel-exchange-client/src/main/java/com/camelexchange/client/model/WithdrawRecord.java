package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;
import com.camelexchange.client.model.json.JsonTime;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One withdrawal.
 *
 * @param manageTime when it was processed; null while it is not (sent as 0)
 */
public record WithdrawRecord(long id, @JsonDecimal BigDecimal amount, @JsonDecimal BigDecimal fees,
                             @JsonTime Instant submitTime, @JsonTime Instant manageTime, int rawStatus,
                             WithdrawStatus status, String toAddress) {
    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
