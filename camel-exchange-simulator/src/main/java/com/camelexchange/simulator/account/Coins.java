package com.camelexchange.simulator.account;

import java.util.LinkedHashMap;
import java.util.Map;

/** The coins of the simulated exchange. */
public final class Coins {
    private static final Map<String, Coin> ALL = new LinkedHashMap<>();

    static {
        add(new Coin("btc", "BTC", "比特币", "฿", 8, 2, 2002));
        add(new Coin("eth", "ETH", "以太坊", "E", 8, 5, 2005));
        add(new Coin("ltc", "LTC", "莱特币", "Ł", 8, 3, 2003));
        add(new Coin("xrp", "XRP", "瑞波币", "XRP", 6, 19, 2009));
        add(new Coin("usdt", "USDT", "泰达币", "₮", 8, 13, 2009));
    }

    private Coins() {
    }

    private static void add(Coin coin) {
        ALL.put(coin.key(), coin);
    }

    public static Coin get(String key) {
        return ALL.get(key);
    }

    public static Iterable<Coin> all() {
        return ALL.values();
    }

    public static boolean exists(String key) {
        return ALL.containsKey(key);
    }
}
