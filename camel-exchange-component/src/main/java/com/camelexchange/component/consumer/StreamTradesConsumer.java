package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import com.camelexchange.component.api.ExchangeRequest.GetTrades;
import com.camelexchange.component.model.Trade;
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
 */
public class StreamTradesConsumer extends PositionedStreamConsumer<List<Trade>> {
    /** Pushed trades kept while the route is busy; beyond it they are dropped and read again over REST. */
    static final int BUFFER = 10_000;

    private GetTrades request;
    private int maxPages;
    // Guarded by this: what the connection handed over.
    private final TreeMap<Long, Trade> pushed = new TreeMap<>();

    public StreamTradesConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().trades(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
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
            pushed.put(trade.tid(), trade);
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
            if (next.tid() != position.current() + 1) {
                // Something between the last trade delivered and this one was not pushed to us.
                if (!caughtUp()) {
                    failed();
                    return;
                }
                Trade again = nextPushed();
                if (again != null && again.tid() == next.tid() && again.tid() != position.current() + 1) {
                    // REST does not know the trades before it yet: try again after a pause, not at once.
                    failed();
                    return;
                }
                continue;
            }
            if (!emit(next)) {
                failed();
                return;
            }
        }
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
                position.commit(since != null ? since : TradePages.newest(client, request.market()));
            }
            while (running()) {
                List<Trade> trades = TradePages.after(client, request.market(), position.current(), maxPages);
                for (Trade trade : trades) {
                    if (!emit(trade)) {
                        return false;
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
