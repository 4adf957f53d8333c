package com.camelexchange.simulator.market;

import java.math.BigDecimal;

/** One K-line candle being built from trades. Guarded by the exchange lock. */
public final class Candle {
    private final long openTime;
    private final BigDecimal open;
    private BigDecimal high;
    private BigDecimal low;
    private BigDecimal close;
    private BigDecimal volume;
    private BigDecimal turnover;

    Candle(long openTime, BigDecimal price, BigDecimal amount) {
        this.openTime = openTime;
        this.open = price;
        this.high = price;
        this.low = price;
        this.close = price;
        this.volume = amount;
        this.turnover = price.multiply(amount);
    }

    /** A whole candle as an external market reported it; its turnover is not known, so zero. */
    Candle(long openTime, BigDecimal open, BigDecimal high, BigDecimal low, BigDecimal close, BigDecimal volume) {
        this.openTime = openTime;
        this.open = open;
        this.high = high;
        this.low = low;
        this.close = close;
        this.volume = volume;
        this.turnover = BigDecimal.ZERO;
    }

    /**
     * A candle of a longer period opened with the trades of a shorter one: the same figures as had those trades
     * made it one by one (sums of exact BigDecimals, the first highest and lowest price kept).
     */
    Candle(long openTime, Candle shorter) {
        this.openTime = openTime;
        this.open = shorter.open;
        this.high = shorter.high;
        this.low = shorter.low;
        this.close = shorter.close;
        this.volume = shorter.volume;
        this.turnover = shorter.turnover;
    }

    void add(BigDecimal price, BigDecimal amount) {
        add(price, amount, price.multiply(amount));
    }

    /** A trade, its turnover ({@code price x amount}) computed once for all periods. */
    void add(BigDecimal price, BigDecimal amount, BigDecimal turnover) {
        if (price.compareTo(high) > 0) {
            high = price;
        }
        if (price.compareTo(low) < 0) {
            low = price;
        }
        close = price;
        volume = volume.add(amount);
        this.turnover = this.turnover.add(turnover);
    }

    /**
     * The trades of a later candle of a shorter period within this one's, taken at once: the same figures as had
     * they come one by one, since sums of BigDecimals are exact whatever their grouping, and a strictly higher
     * (lower) price is what replaces the high (low) either way.
     */
    void add(Candle later) {
        if (later.high.compareTo(high) > 0) {
            high = later.high;
        }
        if (later.low.compareTo(low) < 0) {
            low = later.low;
        }
        close = later.close;
        volume = volume.add(later.volume);
        turnover = turnover.add(later.turnover);
    }

    /** An immutable copy, safe to hand out of the exchange lock. */
    public Bar bar() {
        return new Bar(openTime, open, high, low, close, volume, turnover);
    }

    public long openTime() {
        return openTime;
    }

    public BigDecimal open() {
        return open;
    }

    public BigDecimal high() {
        return high;
    }

    public BigDecimal low() {
        return low;
    }

    public BigDecimal close() {
        return close;
    }

    public BigDecimal volume() {
        return volume;
    }
}
