package com.camelexchange.simulator.http;

import com.camelexchange.simulator.account.CoinSet;
import com.camelexchange.simulator.market.MarketSpec;

import java.util.Map;

/**
 * A signed request's channel by name: {@code getaccountinfo} and the account pushes alone, {@code <pair>_<method>}
 * for a market's orders, {@code <coin>_<method>} for a coin's addresses and records.
 *
 * @param method   what the frame asks
 * @param market   for a market's method; null when the channel names a market that does not exist
 * @param coin     for a coin's method; null when the channel names a coin that does not exist
 * @param named    the part of the name before the method, for messages (empty for the account's methods)
 */
record TradingChannel(String name, TradingMethod method, MarketSpec market, String coin, String named) {

    /** Whether the market or coin the channel names exists (an account's method names none). */
    boolean known() {
        return switch (method.scope()) {
            case MARKET -> market != null;
            case COIN -> coin != null;
            case ACCOUNT -> true;
        };
    }

    /**
     * The signed request this channel names, or null when it names none (a market-data channel, or nothing).
     *
     * @param byPair the markets keyed by their name without underscore
     */
    static TradingChannel parse(String name, Map<String, MarketSpec> byPair, CoinSet coins) {
        TradingMethod alone = TradingMethod.find(TradingMethod.Scope.ACCOUNT, name);
        if (alone != null) {
            return new TradingChannel(name, alone, null, null, "");
        }
        int underscore = name.indexOf('_');
        if (underscore <= 0) {
            return null;
        }
        String prefix = name.substring(0, underscore);
        String wire = name.substring(underscore + 1);
        TradingMethod method = TradingMethod.find(TradingMethod.Scope.MARKET, wire);
        if (method != null) {
            return new TradingChannel(name, method, byPair.get(prefix), null, prefix);
        }
        method = TradingMethod.find(TradingMethod.Scope.COIN, wire);
        if (method != null) {
            return new TradingChannel(name, method, null, coins.exists(prefix) ? prefix : null, prefix);
        }
        return null;
    }
}
