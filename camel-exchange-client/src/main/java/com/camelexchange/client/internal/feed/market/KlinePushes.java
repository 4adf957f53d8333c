package com.camelexchange.client.internal.feed.market;

import com.camelexchange.client.feed.ClosedCandle;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.Positions;
import com.camelexchange.client.internal.feed.PositionStore;
import com.camelexchange.client.internal.feed.PositionedPushes;
import com.camelexchange.client.internal.feed.PushContext;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.internal.stream.Backoff;

import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Each closed K-line candle exactly once, oldest first, from the exchange's pushes. Each push carries the latest
 * candles; a candle shown with a newer one after it is closed and final. It is delivered at once when it
 * opens exactly one period after the last candle emitted; otherwise (a quiet period without candle, pushes lost
 * to a reconnect or an unreadable frame) the closed candles are read over REST from the position first. A candle
 * that closes by time, with no newer one pushed, is confirmed over REST too, so every candle emitted has its final
 * values. The position is the polling consumer's, under the same key. Without a position or {@code since}, the
 * newest candle closed in the first push is the start: the candles closing after it are emitted.
 */
public final class KlinePushes extends PositionedPushes<List<Candle>, ClosedCandle> {
    /** Candles kept while the consumer is busy; beyond it they are dropped and read again over REST. */
    static final int BUFFER = 1_000;
    /** How often the work looks whether a candle closed by time. */
    private static final Duration TICK = Duration.ofSeconds(1);

    private final GetKline request;
    private final int maxPages;
    private final long periodMillis;
    private final ExchangeClient client;
    private final PushFrames frames;
    private final String address;
    private final Clock clock;
    /** The coin names of the headers: pushes carry none, so until a REST reply names them, the market's own. */
    private Kline names;
    // Guarded by this: the latest values of each pushed candle and the ones known final.
    private final TreeMap<Long, Candle> pushed = new TreeMap<>();
    private final Set<Long> closed = new HashSet<>();

    KlinePushes(GetKline request, int maxPages, ExchangeClient client, PositionStore position, PushFrames frames,
                String address, Clock clock, Backoff budgetWaits, Duration restPace) {
        super(position, request.since() == null ? null : request.since() - 1, budgetWaits, restPace);
        this.request = request;
        this.maxPages = maxPages;
        this.periodMillis = request.type().period().toMillis();
        this.client = client;
        this.frames = frames;
        this.address = address;
        this.clock = clock;
        String market = request.market();
        this.names = new Kline(market, request.type(), market.substring(0, market.indexOf('_')),
                market.substring(market.indexOf('_') + 1), List.of());
    }

    /**
     * The closed candles of {@code request}'s market and period pushed on {@code source}, each delivered as a
     * {@link ClosedCandle}.
     *
     * @param request the market, period, candles per request, and the open time to start at when no position is
     *                kept ({@code since}); null for the newest closed candle pushed first
     * @param key     the position's key in {@code positions}, the polling one's ({@link com.camelexchange.client.feed.FeedSpec#defaultPositionKey})
     * @param clock   the time now, which tells when a candle's period has ended
     */
    public static KlinePushes of(GetKline request, int maxPages, ExchangeClient client, Positions positions,
                                 String key, Clock clock, PushSource source) {
        return new KlinePushes(request, Math.max(1, maxPages), client, PositionStore.of(positions, key),
                source.streams().frames(), source.address(), clock, source.backoff(), source.restPace());
    }

    @Override
    public String channel() {
        return StreamAddresses.channel(request.market(), "kline_" + request.type().wireName());
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public Duration tick() {
        return TICK;
    }

    @Override
    protected String items() {
        return "candle(s)";
    }

    @Override
    protected List<Candle> decode(PushFrame frame) {
        List<Candle> candles = frames.candles(frame);
        if (client.tap().listening() && frame.firstRead()) {
            client.tap().kline(new Kline(request.market(), request.type(), names.symbol(), names.moneyType(), candles));
        }
        return candles;
    }

    @Override
    protected boolean keep(List<Candle> candles) {
        for (int i = 0; i < candles.size(); i++) {
            long open = candles.get(i).openTime().toEpochMilli();
            pushed.put(open, candles.get(i));
            if (i < candles.size() - 1) {
                closed.add(open);
            }
        }
        if (pushed.size() > BUFFER) {
            pushed.clear();
            closed.clear();
            return false;
        }
        return true;
    }

    /** The newest candle closed in the pushes, as the polling consumer's baseline is the newest closed now. */
    @Override
    protected Long startFromPushes() {
        if (pushed.isEmpty()) {
            return null;
        }
        Map.Entry<Long, Candle> newest = pushed.lastEntry();
        if (closed.contains(newest.getKey()) || CandlePages.endedBy(newest.getValue(), request.type().period(),
                clock.instant())) {
            return newest.getKey();
        }
        Long before = pushed.lowerKey(newest.getKey());
        return before != null ? before : newest.getKey() - 1;
    }

    @Override
    protected List<ClosedCandle> read(long after, PushContext context) {
        return CandlePages.closedAfter(client, request, after, clock.instant(), maxPages,
                gap -> context.report(gap.getMessage(), gap));
    }

    @Override
    protected long baseline(PushContext context) {
        return CandlePages.baseline(client, request, clock.instant());
    }

    @Override
    protected boolean more(List<ClosedCandle> read) {
        return false;
    }

    @Override
    protected long key(ClosedCandle candle) {
        return candle.openMillis();
    }

    /** The closed candles pushed after the position (candles that closed unpushed are not known here). */
    @Override
    protected synchronized long lag(long position) {
        return closed.stream().filter(open -> open > position).count();
    }

    @Override
    protected synchronized boolean wasPushed(long open) {
        return pushed.containsKey(open);
    }

    @Override
    protected boolean emit(ClosedCandle candle, PushContext context) {
        names = candle.kline();
        return context.emit(candle, () -> position.commit(candle.openMillis()));
    }

    @Override
    protected Pushed emitPushed(PushContext context) {
        while (context.more()) {
            Candle next = nextPushed();
            if (next == null) {
                return Pushed.DONE;
            }
            long open = next.openTime().toEpochMilli();
            boolean isClosed;
            synchronized (this) {
                isClosed = closed.contains(open);
            }
            if (isClosed && open == position.current() + periodMillis) {
                if (!emit(new ClosedCandle(names, next), context)) {
                    return Pushed.FAILED;
                }
            } else if (isClosed || CandlePages.endedBy(next, request.type().period(), clock.instant())) {
                // Not provably the next candle, or closed by time: the exchange's own answer decides.
                return Pushed.HOLE;
            } else {
                return Pushed.DONE;
            }
        }
        return Pushed.DONE;
    }

    /** The oldest pushed candle not yet emitted, dropping those the position already covers. */
    private synchronized Candle nextPushed() {
        var covered = pushed.headMap(position.current(), true);
        closed.removeAll(covered.keySet());
        covered.clear();
        return pushed.isEmpty() ? null : pushed.firstEntry().getValue();
    }
}
