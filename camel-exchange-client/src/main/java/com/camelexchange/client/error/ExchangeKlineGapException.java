package com.camelexchange.client.error;

import java.time.Instant;

/**
 * A K-line consumer fell further behind than the exchange can answer: the exchange returns only the latest
 * candles of a period (at most 1000), so candles opening between {@link #from()} and {@link #to()} may
 * never be read. The consumer goes on from {@code to}; this tells the route, rather than skipping them
 * silently.
 */
public class ExchangeKlineGapException extends ExchangeClientException {
    private final String market;
    private final Instant from;
    private final Instant to;

    public ExchangeKlineGapException(String market, String type, Instant from, Instant to) {
        super("kline " + market + " " + type + ": candles opening from " + from + " to before " + to
              + " may be missing; the exchange answers only the latest candles", ErrorCategory.UNAVAILABLE, null);
        this.market = market;
        this.from = from;
        this.to = to;
    }

    public String market() {
        return market;
    }

    /** The open time of the first candle that may be missing. */
    public Instant from() {
        return from;
    }

    /** The open time of the first candle read after the gap. */
    public Instant to() {
        return to;
    }
}
