package com.camelexchange.paper;

import com.camelexchange.component.model.Trade;
import com.camelexchange.component.paper.LiveMarket;
import com.camelexchange.component.paper.MarketDataListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The paper exchange's hold on one live market. The first signed call naming the market reads its book and latest
 * trades over REST before it goes on, so an order finds the live book; then the market is followed (pushed or
 * polled). What fails is tried again at the next call: meanwhile an order finds no book and rests, and fills only
 * on trades that arrive, which never fills it wrongly.
 */
final class MarketFollowing implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MarketFollowing.class);

    private final String market;
    /** The last trade a run before this one took; null when none did. */
    private final Long keptTid;
    private final LiveMarket live;
    private final MarketDataListener feed;
    /** Guarded by this. */
    private AutoCloseable follow;
    private boolean closed;

    /** @param keptTid the last trade an earlier run of the paper account took, which it must not take again */
    MarketFollowing(String market, Long keptTid, LiveMarket live, MarketDataListener feed) {
        this.market = market;
        this.keptTid = keptTid;
        this.live = live;
        this.feed = feed;
    }

    /** Makes sure the market is followed; returns once it is, or could not be for now. */
    synchronized void ensure() {
        if (follow != null || closed) {
            return;
        }
        try {
            feed.depth(live.depth(market));
        } catch (RuntimeException e) {
            LOG.warn("Paper trading: the live book of {} could not be read ({}); orders rest until it arrives",
                    market, e.getMessage());
        }
        Long lastTid = keptTid;
        try {
            List<Trade> trades = live.trades(market).stream()
                    .filter(t -> keptTid == null || t.tid() > keptTid).toList();
            feed.trades(trades);
            // A market without a trade yet: every trade from its first on.
            lastTid = !trades.isEmpty() ? trades.get(trades.size() - 1).tid() : keptTid != null ? keptTid : 0L;
        } catch (RuntimeException e) {
            LOG.warn("Paper trading: the live trades of {} could not be read ({})", market, e.getMessage());
        }
        try {
            follow = live.follow(market, lastTid, feed);
        } catch (RuntimeException e) {
            LOG.warn("Paper trading: {} cannot be followed for now ({}); tried again at the next call", market,
                    e.getMessage());
        }
    }

    synchronized boolean following() {
        return follow != null;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (follow != null) {
            try {
                follow.close();
            } catch (Exception e) {
                LOG.debug("Following {} did not stop cleanly", market, e);
            }
            follow = null;
        }
    }
}
