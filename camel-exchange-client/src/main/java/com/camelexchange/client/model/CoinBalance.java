package com.camelexchange.client.model;

import com.camelexchange.client.model.json.JsonDecimal;

import java.math.BigDecimal;

/** One coin of an account: available and frozen (in open orders) balances. */
public record CoinBalance(String coin, String enName, String cnName, String showName, String unitTag,
                          int unitDecimal, int fundsType, @JsonDecimal BigDecimal available,
                          @JsonDecimal BigDecimal frozen,
                          boolean canRecharge, boolean canWithdraw, boolean canLoan) {

    public BigDecimal total() {
        return available.add(frozen);
    }

    @Override
    public String toString() {
        return PlainText.of(this);
    }
}
