package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import com.camelexchange.component.api.ExchangeRequest.GetTrades;
import com.camelexchange.component.model.Trade;
import com.camelexchange.component.stream.Backoff;
import org.apache.camel.Processor;

import java.util.List;
import java.util.TreeMap;

/**
 * Emits each public trade of a market exactly once, in tid order, from the exchange's pushes.
 *
 * <p>A pushed trade goes straight to the route only when it provably follows the last one delivered:
 * its tid is the next integer. Anything else (the first push after a reconnect, a push after an
 * undecodable frame or a stall that dropped pushes, an exchange whose ids skip) is first covered by a
 * REST catch-up from the committed position ({@code trades?since=}), so a lost push can delay a trade
 * but never skip it, and no trade is delivered twice. The consumer also catches up when its channel is
 * subscribed (at start and after every reconnect), so trades made while the connection was down arrive
 * without waiting for the next push. The position is the one the polling consumer keeps, under the same
 * key: a route can switch between polling and streaming without a gap or a repeat.
 *
 * <p>A pushed id only ever becomes the position by following it directly, or once REST confirms it. A push beyond
 * what REST knows is read again with a growing backoff ({@link #CONFIRMATIONS} times: REST may lag the pushes a
 * moment) and then refused with everything pushed past the same hole, counted and logged; an id out of range is
 * refused at once (see {@link TradeIdGuard}). Either way the position stays, so real trades go on and nothing
 * real is lost: a later push or catch-up brings it.
 */
public class StreamTradesConsumer extends PositionedStreamConsumer<List<Trade>> {
    /** Pushed trades kept while the route is busy; beyond it they are dropped and read again over REST. */
    static final int BUFFER = 10_000;
    /** The REST reads that must fail to reach a pushed id before it is refused. */
    static final int CONFIRMATIONS = 3;

    private GetTrades request;
    private int maxPages;
    private volatile TradeIdGuard guard;
    /** The waits between REST reads looking for a pushed id; not reset by reads that do not find it. */
    private Backoff confirming;
    // The worker's: the pushed id REST has not confirmed yet, and how many reads missed it.
    private long unconfirmedTid = -1;
    private int unconfirmedReads;
    // Guarded by this: what the connection handed over.
    private final TreeMap<Long, Trade> pushed = new TreeMap<>();

    public StreamTradesConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().trades(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
        guard = new TradeIdGuard(request.market(), getEndpoint().client().metrics());
        confirming = newBackoff();
        unconfirmedTid = -1;
    }

    @Override
    protected String items() {
        return "trade(s)";
    }

    /** Trade ids refused so far (pushed or read over REST); 0 before the consumer started. */
    public long refusedTradeIds() {
        TradeIdGuard g = guard;
        return g == null ? 0 : g.refused();
    }

    @Override
    protected String defaultStateKey() {
        return TradePages.stateKey(request.market());
    }

    @Override
    protected String channel() {
        return StreamAddresses.channel(request.market(), "trades");
    }

    @Override
    protected List<Trade> decode(byte[] frame) {
        return frames.trades(request.market(), frame);
    }

    @Override
    protected void keep(List<Trade> trades) {
        for (Trade trade : trades) {
            if (TradeIdGuard.inRange(trade.tid())) {
                pushed.put(trade.tid(), trade);
            } else {
                guard.refuse(trade, "push", "out of range");
            }
        }
        if (pushed.size() > BUFFER) {
            pushed.clear();
            catchUpLater();
        }
    }

    @Override
    protected void emitPushed() {
        while (running()) {
            Trade next = nextPushed();
            if (next == null) {
                return;
            }
            if (next.tid() == position.current() + 1) {
                if (!emit(next)) {
                    failed();
                    return;
                }
                continue;
            }
            // Something between the last trade delivered and this one was not pushed to us.
            if (!caughtUp()) {
                failed();
                return;
            }
            Trade again = nextPushed();
            if (again == null || again.tid() != next.tid() || again.tid() == position.current() + 1) {
                // REST filled the hole: the pushed id is confirmed.
                confirming.reset();
                unconfirmedTid = -1;
                continue;
            }
            // REST's tape ends below the pushed id: REST may lag the pushes a moment, or the id is not real.
            if (next.tid() != unconfirmedTid) {
                unconfirmedTid = next.tid();
                unconfirmedReads = 0;
            }
            if (++unconfirmedReads >= CONFIRMATIONS) {
                refuseUnconfirmed();
                continue;
            }
            // Not at once: leaves a wake-up behind, so the worker reads again when the wait is over.
            wake();
            pause(confirming);
            return;
        }
    }

    /** Refuses every pushed trade past the position: they all lie beyond a hole that REST does not confirm. */
    private void refuseUnconfirmed() {
        List<Trade> refused;
        synchronized (this) {
            refused = List.copyOf(pushed.tailMap(position.current(), false).values());
            pushed.tailMap(position.current(), false).clear();
        }
        for (Trade trade : refused) {
            guard.refuse(trade, "push", "REST did not confirm it in " + CONFIRMATIONS + " reads; its tape ends at "
                                        + position.current());
        }
        unconfirmedTid = -1;
    }

    /** Whether a push brought this trade: one that REST delivers without is a push the channel missed. */
    private synchronized boolean wasPushed(long tid) {
        return pushed.containsKey(tid);
    }

    /** The oldest pushed trade not yet delivered, dropping those the position already covers. */
    private synchronized Trade nextPushed() {
        if (position.current() == null) {
            return null; // nothing is delivered before the first catch-up has set the position
        }
        pushed.headMap(position.current(), true).clear();
        return pushed.isEmpty() ? null : pushed.firstEntry().getValue();
    }

    /**
     * Reads the trades after the position over REST and emits them.
     *
     * @return false when a call or a route failed; the position then still names the last trade delivered
     */
    @Override
    protected boolean caughtUp() {
        try {
            if (position.current() == null) {
                Long since = request.since();
                position.commit(since != null ? since : TradePages.newest(client, request.market(), guard));
            }
            while (running()) {
                List<Trade> trades = TradePages.after(client, request.market(), position.current(), maxPages, guard);
                for (Trade trade : trades) {
                    boolean pushedToo = wasPushed(trade.tid());
                    if (!emit(trade)) {
                        return false;
                    }
                    if (!pushedToo) {
                        deliveredUnpushed();
                    }
                }
                if (trades.size() < TradePages.PAGE * maxPages) {
                    succeeded();
                    return true;
                }
            }
            return true;
        } catch (ExchangeClientException e) {
            getExceptionHandler().handleException("Catching up " + channel() + " over REST failed", e);
            return false;
        }
    }

    private boolean emit(Trade trade) {
        return emit(trade, TradesConsumer.headers(trade), () -> position.commit(trade.tid()));
    }
}
