package com.camelexchange.paper;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.LiveMarket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The paper exchange's hold on one live market. The first time, it reads the market's book over REST before it goes
 * on, so an order finds the live book; then the market is followed (pushed or polled). Trades start after the last
 * one the paper account took: one kept by an earlier run is followed from (the client catches up over REST
 * pages, every trade once and in order, however many a downtime made); without one, the latest trades are read
 * over REST and followed from the newest.
 *
 * <p>What fails is tried again by a later call, but not before {@link #RETRY_AFTER} has passed, so that calls made
 * while the live service is unreachable do not each wait on its reads; meanwhile an order finds no book and rests,
 * and fills only on trades that arrive, which never fills it wrongly. Trades read once are never fed again.
 */
final class MarketFollowing implements AutoCloseable {
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);
    private static final Logger LOG = LoggerFactory.getLogger(MarketFollowing.class);

    private final String market;
    private final LiveMarket live;
    private final MarketDataListener feed;
    private final Clock clock;
    /** Whether the market is a recording's: a backtest, where nothing is live. */
    private final boolean recorded;
    /** Guarded by this: the last trade fed to the paper exchange (here or by an earlier run); null when none was. */
    private Long lastFed;
    /** Guarded by this. */
    private AutoCloseable follow;
    /** Guarded by this: after a failure, when to try again. */
    private Instant retryAt;
    private boolean closed;

    /**
     * @param keptTid  the last trade an earlier run of the paper account took, which it must not take again
     * @param recorded whether {@code live} is a backtest's recording rather than the live market
     */
    MarketFollowing(String market, Long keptTid, LiveMarket live, MarketDataListener feed, Clock clock,
                    boolean recorded) {
        this.market = market;
        this.lastFed = keptTid;
        this.live = live;
        this.feed = feed;
        this.clock = clock;
        this.recorded = recorded;
    }

    /** Makes sure the market is followed; returns once it is, or could not be for now. */
    synchronized void ensure() {
        if (follow != null || closed || retryAt != null && clock.instant().isBefore(retryAt)) {
            return;
        }
        try {
            feed.depth(live.depth(market));
        } catch (RuntimeException e) {
            if (recorded) {
                // Once per market: it is followed from here on. A recording need not start with a book.
                LOG.info("Backtest: the recording has no book of {} before its first order; until the recording's"
                         + " next book of it, its orders take nothing and rest (a recorded trade through their price"
                         + " fills them)", market);
            } else {
                LOG.warn("Paper trading: the live book of {} could not be read ({}); orders rest until it arrives",
                        market, e.getMessage());
            }
        }
        if (lastFed == null) {
            feedLatestTrades();
        }
        try {
            follow = live.follow(market, lastFed, feed);
            retryAt = null;
        } catch (RuntimeException e) {
            retryAt = clock.instant().plus(RETRY_AFTER);
            LOG.warn("Paper trading: {} cannot be followed for now ({}); tried again in {} s, at a call", market,
                    e.getMessage(), RETRY_AFTER.toSeconds());
        }
    }

    /** The latest page of trades, once: following starts after the newest. */
    private void feedLatestTrades() {
        try {
            List<Trade> trades = live.trades(market);
            feed.trades(trades);
            // A market without a trade yet: every trade from its first on.
            lastFed = trades.isEmpty() ? 0L : trades.get(trades.size() - 1).tid();
        } catch (RuntimeException e) {
            LOG.warn("Paper trading: the live trades of {} could not be read ({})", market, e.getMessage());
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
