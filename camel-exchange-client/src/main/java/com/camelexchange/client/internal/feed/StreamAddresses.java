package com.camelexchange.client.internal.feed;

/** Where the exchange's WebSocket lives, and what its channels are called. */
public final class StreamAddresses {
    private StreamAddresses() {
    }

    /** {@code websocketUrl} when set, or the {@code baseUrl} turned into {@code ws(s)://host/websocket}. */
    public static String main(String websocketUrl, String baseUrl) {
        if (websocketUrl != null) {
            return trimSlash(websocketUrl);
        }
        String base = trimSlash(baseUrl);
        String ws = base.startsWith("https://") ? "wss://" + base.substring(8)
                : base.startsWith("http://") ? "ws://" + base.substring(7) : base;
        return ws + "/websocket";
    }

    /** The short book of a market lives on a path of its trade coin: {@code .../websocket/btc}. */
    public static String quickDepth(String main, String market) {
        return main + "/" + market.substring(0, market.indexOf('_'));
    }

    /** Channels name the market without its underscore: {@code btcusdt_trades}. */
    public static String channel(String market, String suffix) {
        return market.replace("_", "") + "_" + suffix;
    }

    /**
     * What a session names the account's order pushes of one market: the exchange's channel is shared by every
     * market and names it beside it, so the session routes its frames by both ({@code push_user_incr_record@btcusdt}).
     */
    public static String accountOrders(String market) {
        return ACCOUNT_ORDERS + "@" + market.replace("_", "");
    }

    /** The exchange's channel of the account's order changes. */
    public static final String ACCOUNT_ORDERS = "push_user_incr_record";

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
