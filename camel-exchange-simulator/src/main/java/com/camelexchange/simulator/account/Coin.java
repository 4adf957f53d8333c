package com.camelexchange.simulator.account;

/**
 * A coin as listed by {@code getAccountInfo}.
 *
 * @param balanceErrorCode the reply code for "insufficient balance" in this coin (2001..2008 name a
 *                         coin on the real service, 2009 means "account balance" in general)
 */
public record Coin(String key, String enName, String cnName, String unitTag, int unitDecimal, int fundsType,
                   int balanceErrorCode) {
}
