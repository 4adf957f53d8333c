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

    void add(BigDecimal price, BigDecimal amount) {
        if (price.compareTo(high) > 0) {
            high = price;
        }
        if (price.compareTo(low) < 0) {
            low = price;
        }
        close = price;
        volume = volume.add(amount);
        turnover = turnover.add(price.multiply(amount));
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
