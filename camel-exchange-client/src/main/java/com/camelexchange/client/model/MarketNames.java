package com.camelexchange.client.model;

/**
 * The one rule for the names of coins and markets, as the exchange writes them: a coin is 1 to 20 lower-case letters
 * and digits ({@code btc}, {@code usdt}), a market is its trade coin and its pricing coin joined by an underscore
 * ({@code btc_usdt}). Requests, feeds, paper balances and the replies read all keep to it, so a name taken in one
 * place is taken in every other. The checks scan the name by hand rather than match the patterns below: a producer
 * checks its market on every call, and a regular expression's matcher cost an allocation and more time than the
 * scan.
 */
public final class MarketNames {
    /** A coin: lower-case letters and digits, 1 to 20 of them. */
    public static final String COIN = "[a-z0-9]{1,20}";
    /** A market: its trade coin and its pricing coin, joined by an underscore. */
    public static final String MARKET = COIN + "_" + COIN;

    /** The longest coin name ({@link #COIN}). */
    private static final int MAX_COIN = 20;

    private MarketNames() {
    }

    /** Whether {@code name} is a coin's name, such as {@code btc}. */
    public static boolean isCoin(String name) {
        return name != null && coinEnd(name, 0) == name.length();
    }

    /** Whether {@code name} is a market's name, such as {@code btc_usdt}. */
    public static boolean isMarket(String name) {
        return name != null && pricingCoinEnd(name, coinEnd(name, 0)) == name.length();
    }

    /** Whether {@code name} is a coin's name or a market's. */
    public static boolean isCoinOrMarket(String name) {
        if (name == null) {
            return false;
        }
        int tradeCoin = coinEnd(name, 0);
        return tradeCoin == name.length() || pricingCoinEnd(name, tradeCoin) == name.length();
    }

    /**
     * Where the coin that starts at {@code from} ends: the index after its last character, or -1 when no coin starts
     * there (no letter or digit, or more than {@link #MAX_COIN} of them).
     */
    private static int coinEnd(String name, int from) {
        int end = from;
        while (end < name.length() && end - from <= MAX_COIN && isCoinCharacter(name.charAt(end))) {
            end++;
        }
        return end == from || end - from > MAX_COIN ? -1 : end;
    }

    /** Where the {@code _<coin>} after a trade coin that ends at {@code tradeCoinEnd} ends, or -1 when none follows. */
    private static int pricingCoinEnd(String name, int tradeCoinEnd) {
        return tradeCoinEnd < 0 || tradeCoinEnd >= name.length() || name.charAt(tradeCoinEnd) != '_' ? -1
                : coinEnd(name, tradeCoinEnd + 1);
    }

    private static boolean isCoinCharacter(char c) {
        return c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
    }
}
