package com.camelexchange.paper;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.OncePerMinute;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.replay.MarketEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Feeds the live market data the clients receive into the paper exchange, read as a recording's lines are: a
 * paper run and the replay of its recording see the same data alike. Data the paper exchange cannot take (a market
 * it does not have, a price of zero, a date ahead of this machine's clock by more than {@code paperClockSkew}) is
 * counted and skipped, never passed on as something else, and logged at WARN without a stack trace at most once a
 * minute with the count so far (at DEBUG in between): a feed that keeps sending such data is told, not flooded.
 */
final class LiveFeed implements MarketDataListener {
    private static final Logger LOG = LoggerFactory.getLogger(LiveFeed.class);

    private final MarketFeed feed;
    private final Clock clock;
    private final AtomicLong refused = new AtomicLong();
    private final OncePerMinute warnings = new OncePerMinute();

    LiveFeed(MarketFeed feed, Clock clock) {
        this.feed = feed;
        this.clock = clock;
    }

    @Override
    public void trades(List<Trade> trades) {
        for (Trade trade : trades) {
            apply(() -> MarketEvents.trade(clock.instant(), trade));
        }
    }

    @Override
    public void depth(Depth depth) {
        apply(() -> MarketEvents.depth(clock.instant(), depth));
    }

    @Override
    public void ticker(Ticker ticker) {
        apply(() -> MarketEvents.ticker(clock.instant(), ticker));
    }

    @Override
    public void kline(Kline kline) {
        for (Candle candle : kline.candles()) {
            apply(() -> MarketEvents.candle(clock.instant(), kline, candle));
        }
    }

    /**
     * A recorded event, already read and checked as a recording's line: fed as it is, without the round trip
     * through the model's JSON that live data takes (a backtest's every event comes this way).
     */
    void recorded(MarketEvent event) {
        apply(() -> event);
    }

    /** Data the paper exchange could not take. */
    long refused() {
        return refused.get();
    }

    private void apply(Supplier<MarketEvent> event) {
        try {
            event.get().applyTo(feed);
        } catch (RuntimeException e) {
            long count = refused.incrementAndGet();
            if (warnings.due()) {
                LOG.warn("The paper exchange could not take a piece of live market data, and skips such data: {};"
                         + " {} skipped so far. Nothing of the paper exchange moved on them", e.getMessage(), count);
            } else {
                LOG.debug("The paper exchange skipped live market data: {}", e.getMessage());
            }
        }
    }
}
