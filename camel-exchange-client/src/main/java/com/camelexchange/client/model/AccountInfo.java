package com.camelexchange.client.model;

import java.util.List;

/**
 * The reply of {@code getAccountInfo}: balances per coin, the user's base data and what the API key may do.
 *
 * @param assetPerm   may query assets
 * @param entrustPerm may place, cancel and query orders
 * @param moneyPerm   may query addresses and withdrawals
 * @param leverPerm   may trade on margin
 */
public record AccountInfo(List<CoinBalance> coins, String username, boolean tradePasswordEnabled,
                          boolean googleAuthEnabled, boolean mobileAuthEnabled, boolean assetPerm,
                          boolean entrustPerm, boolean moneyPerm, boolean leverPerm) {

    public AccountInfo {
        coins = List.copyOf(coins);
    }

    /** The balance of a coin, or null when the account lists no such coin. */
    public CoinBalance coin(String key) {
        return coins.stream().filter(c -> c.coin().equals(key)).findFirst().orElse(null);
    }
}
