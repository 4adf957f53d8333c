package com.camelexchange.client.model;

import java.util.regex.Pattern;

/**
 * The one rule for the names of coins and markets, as the exchange writes them: a coin is 1 to 20 lower-case letters
 * and digits ({@code btc}, {@code usdt}), a market is its trade coin and its pricing coin joined by an underscore
 * ({@code btc_usdt}). Requests, feeds, paper balances and the replies read all keep to it, so a name taken in one
 * place is taken in every other.
 */
public final class MarketNames {
    /** A coin: lower-case letters and digits, 1 to 20 of them. */
    public static final String COIN = "[a-z0-9]{1,20}";
    /** A market: its trade coin and its pricing coin, joined by an underscore. */
    public static final String MARKET = COIN + "_" + COIN;

    private static final Pattern COINS = Pattern.compile(COIN);
    private static final Pattern MARKETS = Pattern.compile(MARKET);
    private static final Pattern EITHER = Pattern.compile(COIN + "(_" + COIN + ")?");

    private MarketNames() {
    }

    /** Whether {@code name} is a coin's name, such as {@code btc}. */
    public static boolean isCoin(String name) {
        return name != null && COINS.matcher(name).matches();
    }

    /** Whether {@code name} is a market's name, such as {@code btc_usdt}. */
    public static boolean isMarket(String name) {
        return name != null && MARKETS.matcher(name).matches();
    }

    /** Whether {@code name} is a coin's name or a market's. */
    public static boolean isCoinOrMarket(String name) {
        return name != null && EITHER.matcher(name).matches();
    }
}
