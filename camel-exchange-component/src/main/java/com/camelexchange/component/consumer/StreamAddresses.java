package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeConfiguration;

/** Where the exchange's WebSocket lives, from the options. */
final class StreamAddresses {
    private StreamAddresses() {
    }

    /** {@code websocketUrl}, or the baseUrl turned into {@code ws(s)://host/websocket}. */
    static String main(ExchangeConfiguration config) {
        if (config.getWebsocketUrl() != null) {
            return trimSlash(config.getWebsocketUrl());
        }
        String base = trimSlash(config.getBaseUrl());
        String ws = base.startsWith("https://") ? "wss://" + base.substring(8)
                : base.startsWith("http://") ? "ws://" + base.substring(7) : base;
        return ws + "/websocket";
    }

    /** The short book of a market lives on a path of its trade coin: {@code .../websocket/btc}. */
    static String quickDepth(ExchangeConfiguration config, String market) {
        return main(config) + "/" + market.substring(0, market.indexOf('_'));
    }

    /** Channels name the market without its underscore: {@code btcusdt_trades}. */
    static String channel(String market, String suffix) {
        return market.replace("_", "") + "_" + suffix;
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
