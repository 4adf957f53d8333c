package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.OncePerMinute;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.Trade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Refuses trade ids the exchange did not confirm, so that one bad id never becomes a consumer's position: a
 * position moved to an id above the real tape would make every later trade look delivered already. An id is
 * refused when it is out of range (not positive, or above {@link #MAX_PLAUSIBLE}) or when the REST interface does
 * not confirm it. A refusal is counted (here and in the metrics) and logged at WARN at most once a minute per
 * feed (at DEBUG otherwise); the position stays where it was, so nothing real is lost.
 */
final class TradeIdGuard {
    /**
     * The largest id taken as real: 2^53, the largest integer a JSON number holds exactly in any client. An
     * exchange that hands out ids its own web clients cannot read is not a real one.
     */
    static final long MAX_PLAUSIBLE = 1L << 53;
    private static final Logger LOG = LoggerFactory.getLogger(TradeIdGuard.class);

    private final String market;
    private final Metrics metrics;
    private final AtomicLong refused = new AtomicLong();
    private final OncePerMinute warnings = new OncePerMinute();

    TradeIdGuard(String market, Metrics metrics) {
        this.market = market;
        this.metrics = metrics;
    }

    /** Whether an id can be real at all. */
    static boolean inRange(long tid) {
        return tid > 0 && tid <= MAX_PLAUSIBLE;
    }

    /**
     * Refuses a trade's id.
     *
     * @param source {@code push} or {@code rest}
     * @param why    why, for the log
     */
    void refuse(Trade trade, String source, String why) {
        long count = refused.incrementAndGet();
        metrics.refusedTradeId(market, source);
        if (warnings.due()) {
            LOG.warn("Trades of {}: refused trade id {} from {} ({}); {} refused so far. The position stays where it"
                     + " was; real trades go on", market, trade.tid(), source, why, count);
        } else {
            LOG.debug("Trades of {}: refused trade id {} from {} ({})", market, trade.tid(), source, why);
        }
    }

    /** The ids refused so far. */
    long refused() {
        return refused.get();
    }
}
