package com.camelexchange.simulator.account;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The coins of one simulator: the five it always has ({@link Coins}), then every other coin its markets name,
 * in the order first named. A simulator that follows an external market can so trade whatever that market
 * lists. A coin the simulator has no table for gets sensible defaults: its key in capitals as names and unit
 * tag, 8 decimals, and 2009 (the account's balance in general) when a balance is short.
 */
public final class CoinSet {
    /** The default decimals of a coin without a table of its own. */
    public static final int DEFAULT_DECIMALS = 8;
    /** The reply code for a short balance of a coin without a code of its own. */
    public static final int DEFAULT_BALANCE_ERROR = 2009;
    /** The five coins alone. */
    public static final CoinSet STANDARD = of(List.of());

    /** The funds type numbers of added coins start here, clear of those of the five. */
    private static final int FIRST_ADDED_FUNDS_TYPE = 100;

    private final Map<String, Coin> coins;

    private CoinSet(Map<String, Coin> coins) {
        this.coins = coins;
    }

    /** The five coins, then those of {@code keys} they do not include, in the order given (repeats count once). */
    public static CoinSet of(Collection<String> keys) {
        Map<String, Coin> coins = new LinkedHashMap<>();
        for (Coin coin : Coins.all()) {
            coins.put(coin.key(), coin);
        }
        for (String key : keys) {
            Objects.requireNonNull(key, "coin");
            if (!coins.containsKey(key)) {
                String name = key.toUpperCase(Locale.ROOT);
                coins.put(key, new Coin(key, name, name, name, DEFAULT_DECIMALS,
                        FIRST_ADDED_FUNDS_TYPE + coins.size() - 5, DEFAULT_BALANCE_ERROR));
            }
        }
        return new CoinSet(Collections.unmodifiableMap(coins));
    }

    /** The coin with this key, or null. */
    public Coin get(String key) {
        return key == null ? null : coins.get(key);
    }

    public boolean exists(String key) {
        return key != null && coins.containsKey(key);
    }

    /** Every coin, the five first. */
    public Collection<Coin> all() {
        return coins.values();
    }

    @Override
    public String toString() {
        return "CoinSet" + coins.keySet();
    }
}
