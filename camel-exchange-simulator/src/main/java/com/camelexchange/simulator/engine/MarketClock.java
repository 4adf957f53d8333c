package com.camelexchange.simulator.engine;

/**
 * The external market's time as this exchange can know it without trusting that the two clocks agree. Every trade,
 * book and ticker the market feeds is dated by the market's clock when it happened, and arrives here later: its date
 * less the time it arrived (by this exchange's clock) is at most how far the market's clock runs ahead of this one
 * (negative when it runs behind). The largest such difference seen is the closest estimate of that lead, short of
 * it by the network's delay and the rounding of the market's dates; the market's time now is this exchange's time
 * plus it. Only the progress of this exchange's clock counts, never where it stands against the market's: a local
 * clock minutes off the market's makes no difference. Guarded by the exchange lock.
 */
final class MarketClock {
    private boolean known;
    private long lead;

    /** A piece of market data dated {@code marketMillis} by the market, received at {@code receivedMillis}. */
    void dated(long marketMillis, long receivedMillis) {
        long seen = marketMillis - receivedMillis;
        if (!known || seen > lead) {
            lead = seen;
            known = true;
        }
    }

    /**
     * The market's time when this exchange's clock reads {@code now}; before any dated data arrived nothing is
     * known of the market's clock, and the two are taken to agree.
     */
    long marketTime(long now) {
        return known ? now + lead : now;
    }
}
