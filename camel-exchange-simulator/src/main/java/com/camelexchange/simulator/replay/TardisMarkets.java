package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.market.MarketSpec;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which market of ours each exchange symbol of a vendor's history is, as the user gives it:
 * {@code SYMBOL=market[:priceScale:amountScale[:minAmount:minSize]]}, several separated by commas, e.g.
 * {@code BTCUSDT=btc_usdt:2:6:0.0001:5,ETHUSDT=eth_usdt}. Scales left out are inferred from the data (the largest
 * seen); a minimum left out is one step of the amount scale (minAmount) and 0 (minSize).
 */
public final class TardisMarkets {
    /** At most this many symbols: a mapping is typed by a person. */
    static final int MAX_SYMBOLS = 1000;
    private static final int MAX_TEXT = 64;

    private final Map<String, Mapping> bySymbol;

    /**
     * One symbol's market.
     *
     * @param priceScale  null when inferred from the data
     * @param amountScale null when inferred from the data
     * @param minAmount   null for one step of the amount scale
     * @param minSize     null for 0
     */
    public record Mapping(String symbol, String market, Integer priceScale, Integer amountScale, BigDecimal minAmount,
                          BigDecimal minSize) {
        /** Whether both scales were given. */
        public boolean scalesGiven() {
            return priceScale != null && amountScale != null;
        }

        /** The market with these scales, the minimums filled in as the class says. */
        MarketSpec spec(int price, int amount) {
            return new MarketSpec(market, price, amount, minAmount != null ? minAmount
                    : BigDecimal.ONE.movePointLeft(amount), minSize != null ? minSize : BigDecimal.ZERO,
                    BigDecimal.ZERO);
        }
    }

    private TardisMarkets(Map<String, Mapping> bySymbol) {
        this.bySymbol = Collections.unmodifiableMap(bySymbol);
    }

    /**
     * Reads a mapping.
     *
     * @throws IllegalArgumentException saying which entry is wrong and how an entry looks
     */
    public static TardisMarkets parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("Replaying Tardis CSV needs the market of each symbol, such as"
                    + " BTCUSDT=btc_usdt or BTCUSDT=btc_usdt:2:6:0.0001:5 (priceScale:amountScale:minAmount:minSize)");
        }
        Map<String, Mapping> out = new LinkedHashMap<>();
        String[] entries = text.split(",", MAX_SYMBOLS + 1);
        if (entries.length > MAX_SYMBOLS) {
            throw new IllegalArgumentException("At most " + MAX_SYMBOLS + " symbols can be mapped");
        }
        java.util.Set<String> markets = new java.util.HashSet<>();
        for (String entry : entries) {
            Mapping mapping = entry(entry.strip());
            if (out.put(mapping.symbol(), mapping) != null) {
                throw new IllegalArgumentException("The symbol " + Echo.quoted(mapping.symbol()) + " is mapped twice");
            }
            // Two symbols' books in one market would replace each other at every row.
            if (!markets.add(mapping.market())) {
                throw new IllegalArgumentException("The market " + mapping.market() + " is the market of two symbols");
            }
        }
        return new TardisMarkets(out);
    }

    private static Mapping entry(String entry) {
        int equals = entry.indexOf('=');
        String[] parts = equals < 0 ? new String[0] : entry.substring(equals + 1).split(":", -1);
        if (equals <= 0 || entry.length() > 4 * MAX_TEXT || (parts.length != 1 && parts.length != 3
                                                                && parts.length != 5)) {
            throw bad(entry, "not SYMBOL=market, SYMBOL=market:priceScale:amountScale or"
                    + " SYMBOL=market:priceScale:amountScale:minAmount:minSize");
        }
        String symbol = entry.substring(0, equals).strip();
        String market = parts[0].strip();
        if (symbol.length() > MAX_TEXT) {
            throw bad(entry, "a symbol has at most " + MAX_TEXT + " characters");
        }
        try {
            new MarketSpec(market, 0, 0, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO);
        } catch (IllegalArgumentException e) {
            throw bad(entry, "the market must be named like btc_usdt");
        }
        Integer price = parts.length > 1 ? scale(entry, parts[1]) : null;
        Integer amount = parts.length > 1 ? scale(entry, parts[2]) : null;
        BigDecimal minAmount = parts.length > 3 ? decimal(entry, parts[3]) : null;
        BigDecimal minSize = parts.length > 3 ? decimal(entry, parts[4]) : null;
        return new Mapping(symbol, market, price, amount, minAmount, minSize);
    }

    private static Integer scale(String entry, String text) {
        try {
            int scale = Integer.parseInt(text.strip());
            if (scale >= 0 && scale <= BoundedDecimal.MAX_SCALE) {
                return scale;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw bad(entry, "a scale is a whole number within 0.." + BoundedDecimal.MAX_SCALE);
    }

    private static BigDecimal decimal(String entry, String text) {
        try {
            BigDecimal value = new BigDecimal(text.strip());
            if (BoundedDecimal.fits(value) && value.signum() >= 0) {
                return value;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw bad(entry, "a minimum is a decimal of at least 0");
    }

    private static IllegalArgumentException bad(String entry, String problem) {
        return new IllegalArgumentException("The market mapping " + Echo.quoted(entry) + " is " + problem);
    }

    /** The mapping of a symbol, null when it has none. */
    public Mapping of(String symbol) {
        return bySymbol.get(symbol);
    }

    /** Every mapping, in the order given. */
    public Map<String, Mapping> all() {
        return bySymbol;
    }

    /** Whether every symbol's scales were given, so that the data need not be read twice. */
    public boolean scalesGiven() {
        return bySymbol.values().stream().allMatch(Mapping::scalesGiven);
    }
}
