package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.feed.PositionStore;
import com.camelexchange.client.internal.feed.PositionedPushes;
import com.camelexchange.client.internal.feed.PushContext;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.internal.stream.Backoff;

import java.time.Duration;
import java.util.List;

/**
 * Each public trade of a market exactly once, in tid order, from the exchange's pushes.
 *
 * <p>A pushed trade is delivered at once only when it provably follows the last one delivered: its tid is
 * the next integer. Anything else (the first push after a reconnect, a push after an undecodable frame or a stall
 * that dropped pushes, an exchange whose ids skip) is first covered by a REST catch-up from the committed position
 * ({@code trades?since=}), so a lost push can delay a trade but never skip it, and no trade is delivered twice.
 * The consumer also catches up when its channel is subscribed (at start and after every reconnect), once the
 * exchange has taken the subscription, so trades made while the connection was down or before the exchange took
 * the subscription arrive without waiting for the next push. The position is the one the
 * polling consumer keeps, under the same key: a consumer can switch between polling and streaming without a gap or
 * a repeat. Without a position or {@code since}, the first trade pushed is the first delivered.
 *
 * <p>A pushed id only ever becomes the position by following it directly, or once REST confirms it. A push beyond
 * what REST knows is read again with a growing backoff ({@link #CONFIRMATIONS} times: REST may lag the pushes a
 * moment) and then refused with everything pushed past the same hole, counted and logged; an id out of range is
 * refused at once (see {@link TradeIdGuard}). Either way the position stays, so real trades go on and nothing
 * real is lost: a later push or catch-up brings it.
 */
public final class TradePushes extends PositionedPushes<List<Trade>, Trade> {
    /** Pushed trades kept while the consumer is busy; beyond it they are dropped and read again over REST. */
    static final int BUFFER = 10_000;
    /** The REST reads that must fail to reach a pushed id before it is refused. */
    static final int CONFIRMATIONS = 3;

    private final String market;
    private final int maxPages;
    private final ExchangeClient client;
    private final TradeIdGuard guard;
    private final PushFrames frames;
    private final String address;
    /** The waits between REST reads looking for a pushed id; not reset by reads that do not find it. */
    private final Backoff confirming;
    // The work's: the pushed id REST has not confirmed yet, and how many reads missed it.
    private long unconfirmedTid = -1;
    private int unconfirmedReads;
    // Guarded by this: what the connection handed over.
    private final PushedTrades pushed = new PushedTrades();

    TradePushes(String market, Long since, int maxPages, ExchangeClient client, TradeIdGuard guard,
                PositionStore position, PushFrames frames, String address, Backoff confirming, Backoff budgetWaits,
                Duration restPace) {
        super(position, since, budgetWaits, restPace);
        this.market = market;
        this.maxPages = maxPages;
        this.client = client;
        this.guard = guard;
        this.frames = frames;
        this.address = address;
        this.confirming = confirming;
    }

    /**
     * The trades of {@code request}'s market pushed on {@code source}.
     *
     * @param request  the market, and the trade id to start after when no position is kept ({@code since}); null
     *                 for the first trade pushed
     * @param maxPages the most pages of 50 one catch-up reads
     * @param client   reads the catch-ups
     * @param key      the position's key in {@code positions}, the polling one's ({@link com.camelexchange.client.feed.FeedSpec#defaultPositionKey})
     */
    public static TradePushes of(GetTrades request, int maxPages, ExchangeClient client, Positions positions,
                                 String key, PushSource source) {
        return new TradePushes(request.market(), request.since(), Math.max(1, maxPages), client,
                new TradeIdGuard(request.market(), client.metrics()), PositionStore.of(positions, key),
                source.streams().frames(), source.address(), source.backoff(), source.backoff(), source.restPace());
    }

    /** Trade ids refused so far (pushed or read over REST). */
    public long refusedTradeIds() {
        return guard.refused();
    }

    @Override
    public String channel() {
        return StreamAddresses.channel(market, "trades");
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    protected String items() {
        return "trade(s)";
    }

    @Override
    protected List<Trade> decode(PushFrame frame) {
        return frames.trades(market, frame);
    }

    @Override
    protected boolean keep(List<Trade> trades) {
        for (Trade trade : trades) {
            if (TradeIdGuard.inRange(trade.tid())) {
                pushed.put(trade);
            } else {
                guard.refuse(trade, "push", "out of range");
            }
        }
        if (pushed.size() > BUFFER) {
            pushed.clear();
            return false;
        }
        return true;
    }

    @Override
    protected Long startFromPushes() {
        return pushed.isEmpty() ? null : pushed.first().tid() - 1;
    }

    @Override
    protected List<Trade> read(long after, PushContext context) {
        return TradePages.after(client, market, after, maxPages, guard);
    }

    @Override
    protected long baseline(PushContext context) {
        return TradePages.newest(client, market, guard);
    }

    @Override
    protected boolean more(List<Trade> read) {
        return read.size() >= TradePages.PAGE * maxPages;
    }

    @Override
    protected long key(Trade trade) {
        return trade.tid();
    }

    /** Trade ids are contiguous: every id up to the newest pushed is a trade still to deliver. */
    @Override
    protected synchronized long lag(long position) {
        return pushed.isEmpty() ? 0 : Math.max(0, pushed.lastTid() - position);
    }

    @Override
    protected synchronized boolean wasPushed(long tid) {
        return pushed.contains(tid);
    }

    @Override
    protected boolean emit(Trade trade, PushContext context) {
        return context.emit(trade, () -> position.commit(trade.tid()));
    }

    @Override
    protected Pushed emitPushed(PushContext context) {
        while (context.more()) {
            Trade next = nextPushed();
            if (next == null) {
                return Pushed.DONE;
            }
            if (next.tid() != position.current() + 1) {
                // Something between the last trade delivered and this one was not pushed to us.
                return Pushed.HOLE;
            }
            if (client.tap().listening()) {
                // Told here, next to the position, not as the push arrives: a push that overtook the catch-up of
                // the trades before it would otherwise reach the tap (the recorder) ahead of them. A trade a
                // catch-up read was told with its REST page; the tap keeps each id once.
                client.tap().trades(List.of(next));
            }
            if (!emit(next, context)) {
                return Pushed.FAILED;
            }
        }
        return Pushed.DONE;
    }

    /** REST's tape ends below the pushed id: REST may lag the pushes a moment, or the id is not real. */
    @Override
    protected Duration holeRemains() {
        Trade next = nextPushed();
        if (next == null) {
            return null;
        }
        if (next.tid() != unconfirmedTid) {
            // Another hole than the one looked for so far: its reads count from here.
            confirming.reset();
            unconfirmedTid = next.tid();
            unconfirmedReads = 0;
        }
        if (++unconfirmedReads >= CONFIRMATIONS) {
            refuseUnconfirmed();
            return null;
        }
        return confirming.next();
    }

    /** REST filled the hole: the pushed id is confirmed. */
    @Override
    protected void holeFilled() {
        confirming.reset();
        unconfirmedTid = -1;
    }

    /** Refuses every pushed trade past the position: they all lie beyond a hole that REST does not confirm. */
    private void refuseUnconfirmed() {
        List<Trade> refused;
        synchronized (this) {
            refused = pushed.removeAfter(position.current());
        }
        for (Trade trade : refused) {
            guard.refuse(trade, "push", "REST did not confirm it in " + CONFIRMATIONS + " reads; its tape ends at "
                                        + position.current());
        }
        unconfirmedTid = -1;
    }

    /**
     * The oldest pushed trade not yet delivered, dropping those the position already covers. Runs once per trade
     * delivered.
     */
    private synchronized Trade nextPushed() {
        long covered = position.current();
        for (Trade first = pushed.first(); first != null; first = pushed.first()) {
            if (first.tid() > covered) {
                return first;
            }
            pushed.removeFirst();
        }
        return null;
    }
}
