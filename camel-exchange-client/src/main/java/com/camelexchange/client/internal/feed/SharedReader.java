package com.camelexchange.client.internal.feed;

import com.camelexchange.client.ExchangeRequest.GetAllTicker;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.model.Ticker;

import java.util.Map;

/**
 * One polling consumer's market-data reads through the {@link SharedReads} of its application: a reply serves it when
 * it is younger than the consumer's period and came from a later fetch than every reply of its earlier polls, so
 * that it never gets the same reply twice (a greedy consumer polls again at once, and must not spin on a
 * kept reply). Used by the consumer's polling thread only.
 */
public final class SharedReader implements Reads {
    private final SharedReads shared;
    private final ReadProfile profile;
    /** The consumer's own client, which sends its fetches. */
    private final Reads client;
    private final long periodNanos;
    private final TickerInterest tickers;
    /** The latest fetch the earlier polls got a reply of. */
    private long seenUpTo;
    /** The latest fetch this poll got a reply of so far. */
    private long latest;

    SharedReader(SharedReads shared, ReadProfile profile, Reads client, long periodNanos,
                 TickerInterest tickers) {
        this.shared = shared;
        this.profile = profile;
        this.client = client;
        this.periodNanos = periodNanos;
        this.tickers = tickers;
    }

    @Override
    public <T> T read(ExchangeRequest<T> request) {
        SharedReads.Served<T> served = shared.read(profile, request, seenUpTo, periodNanos, client);
        latest = Math.max(latest, served.fetch());
        return served.value();
    }

    /** A poll ended: what it got is not served to the next. */
    public void pollEnded() {
        seenUpTo = Math.max(seenUpTo, latest);
    }

    /**
     * Says that this consumer reads the ticker of {@code market} (null: every ticker, {@code allTicker}) while it
     * runs, so the shared reads can tell whether one {@code allTicker} serves its ticker consumers for less.
     *
     * @return what withdraws it, when the consumer stops
     */
    public Runnable wantTickers(String market) {
        return tickers.want(market, periodNanos);
    }

    /** A market's ticker: from the shared {@code allTicker} reply when that costs less, else its own request. */
    public Ticker ticker(GetTicker request) {
        if (tickers.allTickerCheaper()) {
            Map<String, Ticker> all = read(new GetAllTicker());
            Ticker ticker = all.get(request.market());
            if (ticker != null) {
                return ticker;
            }
            // Not in the reply (the market list that maps its keys could not be had): asked on its own.
        }
        return read(request);
    }
}
