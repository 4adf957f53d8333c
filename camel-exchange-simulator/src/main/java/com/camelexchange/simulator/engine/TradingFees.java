package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.Coins;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * The trading fee rates: the maker of a fill pays {@code maker}, the taker pays {@code taker}, each
 * taken from what that side receives. A fee is rounded up, in the exchange's favour, to the decimals
 * the received coin's balance shows (8, or 6 for XRP) rather than to the market's amount scale: at an
 * amount scale of 4 decimals a fee on a small fill would round up to several times its rate.
 */
public record TradingFees(BigDecimal maker, BigDecimal taker) {
    /**
     * 0.2% for makers and takers alike: an assumed rate, realistic for a spot market. The API reports no
     * trading fee anywhere, so this is not a rate the exchange is known to charge.
     */
    public static final TradingFees DEFAULT = new TradingFees(new BigDecimal("0.002"), new BigDecimal("0.002"));
    public static final TradingFees NONE = new TradingFees(BigDecimal.ZERO, BigDecimal.ZERO);
    private static final int FALLBACK_SCALE = 8;

    public TradingFees {
        checkRate(Objects.requireNonNull(maker, "maker"), "maker");
        checkRate(Objects.requireNonNull(taker, "taker"), "taker");
    }

    private static void checkRate(BigDecimal rate, String name) {
        if (rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("The " + name + " fee rate must be in [0, 1): " + rate);
        }
    }

    /** The fee on {@code received} of {@code coin} for the maker or the taker of a fill. */
    public BigDecimal fee(String coin, BigDecimal received, boolean isMaker) {
        BigDecimal rate = isMaker ? maker : taker;
        if (rate.signum() == 0) {
            return BigDecimal.ZERO;
        }
        Coin known = Coins.get(coin);
        int scale = known == null ? FALLBACK_SCALE : Math.min(known.unitDecimal(), FALLBACK_SCALE);
        return received.multiply(rate).setScale(scale, RoundingMode.UP);
    }
}
