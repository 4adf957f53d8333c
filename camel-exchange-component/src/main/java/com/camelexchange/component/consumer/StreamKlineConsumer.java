package com.camelexchange.component.consumer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import com.camelexchange.component.api.ExchangeRequest.GetKline;
import com.camelexchange.component.model.Candle;
import com.camelexchange.component.model.Kline;
import org.apache.camel.Processor;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Emits each closed K-line candle exactly once, oldest first, from the exchange's pushes. Each push
 * carries the latest candles; a candle shown with a newer one after it is closed and final. It goes
 * straight to the route when it opens exactly one period after the last candle emitted; otherwise (a
 * quiet period without candle, pushes lost to a reconnect or an unreadable frame) the consumer reads the
 * closed candles over REST from its position first. A candle that closes by time, with no newer one
 * pushed, is confirmed over REST too, so every candle emitted has its final values. The position is the
 * polling consumer's, under the same key.
 */
public class StreamKlineConsumer extends PositionedStreamConsumer<List<Candle>> {
    private GetKline request;
    private int maxPages;
    private long periodMillis;
    private Kline names;
    // Guarded by this: the latest values of each pushed candle and the ones known final.
    private final TreeMap<Long, Candle> pushed = new TreeMap<>();
    private final Set<Long> closed = new HashSet<>();

    public StreamKlineConsumer(ExchangeEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
    }

    @Override
    protected void resolveStream() {
        request = getEndpoint().resolver().kline(null);
        maxPages = Math.max(1, getEndpoint().getConfiguration().getMaxPagesPerPoll());
        periodMillis = request.type().period().toMillis();
        // Pushes carry no coin names; until a REST reply names them, they are the market's own.
        String market = request.market();
        names = new Kline(market, request.type(), market.substring(0, market.indexOf('_')),
                market.substring(market.indexOf('_') + 1), List.of());
    }

    @Override
    protected String items() {
        return "candle(s)";
    }

    @Override
    protected String defaultStateKey() {
        return CandlePages.stateKey(request);
    }

    @Override
    protected String channel() {
        return StreamAddresses.channel(request.market(), "kline_" + request.type().wireName());
    }

    @Override
    protected List<Candle> decode(byte[] frame) {
        return frames.candles(frame);
    }

    @Override
    protected void keep(List<Candle> candles) {
        for (int i = 0; i < candles.size(); i++) {
            long open = candles.get(i).openTime().toEpochMilli();
            pushed.put(open, candles.get(i));
            if (i < candles.size() - 1) {
                closed.add(open);
            }
        }
    }

    @Override
    protected void emitPushed() {
        while (running()) {
            Candle next = nextPushed();
            if (next == null) {
                return;
            }
            long open = next.openTime().toEpochMilli();
            boolean isClosed;
            synchronized (this) {
                isClosed = closed.contains(open);
            }
            if (isClosed && open == position.current() + periodMillis) {
                if (!emit(new CandlePages.ClosedCandle(names, next))) {
                    failed();
                    return;
                }
            } else if (isClosed || CandlePages.endedBy(next, request.type().period(), now())) {
                // Not provably the next candle, or closed by time: the exchange's own answer decides.
                if (!caughtUp()) {
                    failed();
                    return;
                }
                synchronized (this) {
                    if (!pushed.isEmpty() && pushed.firstKey() == open && position.current() < open) {
                        // The exchange does not know it as closed yet: wait for more.
                        return;
                    }
                }
            } else {
                return;
            }
        }
    }

    /** The oldest pushed candle not yet emitted, dropping those the position already covers. */
    private synchronized Candle nextPushed() {
        if (position.current() == null) {
            return null; // nothing is emitted before the first catch-up has set the position
        }
        var covered = pushed.headMap(position.current(), true);
        closed.removeAll(covered.keySet());
        covered.clear();
        return pushed.isEmpty() ? null : pushed.firstEntry().getValue();
    }

    /** Whether a push showed this candle: one that REST delivers without is a push the channel missed. */
    private synchronized boolean wasPushed(long open) {
        return pushed.containsKey(open);
    }

    /** Reads the closed candles after the position over REST and emits them; false when something failed. */
    @Override
    protected boolean caughtUp() {
        try {
            Instant now = now();
            if (position.current() == null) {
                position.commit(request.since() != null ? request.since() - 1
                        : CandlePages.baseline(client, request, now));
            }
            List<CandlePages.ClosedCandle> candles = CandlePages.closedAfter(client, request, position.current(),
                    now, maxPages, gap -> getExceptionHandler().handleException(gap.getMessage(), gap));
            for (CandlePages.ClosedCandle candle : candles) {
                names = candle.kline();
                boolean pushedToo = wasPushed(candle.openMillis());
                if (!emit(candle)) {
                    return false;
                }
                if (!pushedToo) {
                    deliveredUnpushed();
                }
            }
            succeeded();
            return true;
        } catch (ExchangeClientException e) {
            getExceptionHandler().handleException("Catching up " + channel() + " over REST failed", e);
            return false;
        }
    }

    private boolean emit(CandlePages.ClosedCandle candle) {
        Map<String, Object> headers = KlineConsumer.headers(candle.kline(), candle.candle());
        return emit(candle.candle(), headers, () -> position.commit(candle.openMillis()));
    }

    private Instant now() {
        return getEndpoint().getComponent().getCandleClock().instant();
    }
}
