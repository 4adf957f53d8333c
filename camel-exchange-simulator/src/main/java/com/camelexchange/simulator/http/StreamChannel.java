package com.camelexchange.simulator.http;

import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;

import java.util.Map;

/**
 * A WebSocket channel by name: {@code markets}, or a market without its underscore followed by
 * {@code _ticker}, {@code _depth}, {@code _trades}, {@code _kline_<type>} on {@code /websocket}, and
 * {@code _quick_depth} on {@code /websocket/<base coin>} for markets of that base coin only.
 *
 * @param market    null for {@code markets}
 * @param klineType only for K-line channels
 */
record StreamChannel(String name, Kind kind, MarketSpec market, KlineType klineType) {
    enum Kind { MARKETS, TICKER, DEPTH, TRADES, KLINE, QUICK_DEPTH }

    static final String MARKETS = "markets";
    private static final String KLINE_INFIX = "_kline_";
    private static final String QUICK_DEPTH_SUFFIX = "_quick_depth";

    /**
     * The channel of this name on a path, or null when that path serves no such channel.
     *
     * @param baseCoin null on {@code /websocket}; the coin of {@code /websocket/<coin>} otherwise
     * @param byPair   the markets keyed by their name without underscore
     */
    static StreamChannel parse(String name, String baseCoin, Map<String, MarketSpec> byPair) {
        if (name == null || name.isEmpty()) {
            return null;
        }
        if (baseCoin != null) {
            MarketSpec spec = name.endsWith(QUICK_DEPTH_SUFFIX)
                    ? byPair.get(name.substring(0, name.length() - QUICK_DEPTH_SUFFIX.length())) : null;
            return spec != null && spec.baseCoin().equals(baseCoin)
                    ? new StreamChannel(name, Kind.QUICK_DEPTH, spec, null) : null;
        }
        if (name.equals(MARKETS)) {
            return new StreamChannel(name, Kind.MARKETS, null, null);
        }
        int kline = name.indexOf(KLINE_INFIX);
        if (kline > 0) {
            MarketSpec spec = byPair.get(name.substring(0, kline));
            KlineType type = klineType(name.substring(kline + KLINE_INFIX.length()));
            return spec == null || type == null ? null : new StreamChannel(name, Kind.KLINE, spec, type);
        }
        int underscore = name.lastIndexOf('_');
        if (underscore <= 0) {
            return null;
        }
        MarketSpec spec = byPair.get(name.substring(0, underscore));
        Kind kind = switch (name.substring(underscore + 1)) {
            case "ticker" -> Kind.TICKER;
            case "depth" -> Kind.DEPTH;
            case "trades" -> Kind.TRADES;
            default -> null;
        };
        return spec == null || kind == null ? null : new StreamChannel(name, kind, spec, null);
    }

    static String name(MarketSpec spec, Kind kind, KlineType type) {
        return switch (kind) {
            case MARKETS -> MARKETS;
            case TICKER -> spec.pairCode() + "_ticker";
            case DEPTH -> spec.pairCode() + "_depth";
            case TRADES -> spec.pairCode() + "_trades";
            case KLINE -> spec.pairCode() + KLINE_INFIX + type.wire();
            case QUICK_DEPTH -> spec.pairCode() + QUICK_DEPTH_SUFFIX;
        };
    }

    private static KlineType klineType(String wire) {
        try {
            return KlineType.fromWire(wire);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
