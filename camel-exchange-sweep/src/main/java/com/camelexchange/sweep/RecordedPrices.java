package com.camelexchange.sweep;

import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.PaperProvider;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;

/**
 * The recording's trade prices by minute of recording time (the last trade of each minute, per market) and the
 * minutes it spans, from its first trade to its last: what a point's figures value the account at. Read once per
 * worker, through the same opening as {@code replayFrom} (so any recording a backtest reads), and shared by its
 * points.
 */
final class RecordedPrices {
    static final long MINUTE = 60_000;

    private final Map<String, Market> markets;
    private final Map<String, TreeMap<Long, BigDecimal>> closes;
    private final long firstMinute;
    private final long lastMinute;

    private RecordedPrices(Map<String, Market> markets, Map<String, TreeMap<Long, BigDecimal>> closes) {
        this.markets = markets;
        this.closes = closes;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (TreeMap<Long, BigDecimal> byMinute : closes.values()) {
            if (!byMinute.isEmpty()) {
                first = Math.min(first, byMinute.firstKey());
                last = Math.max(last, byMinute.lastKey());
            }
        }
        this.firstMinute = first == Long.MAX_VALUE ? 0 : first;
        this.lastMinute = last == Long.MIN_VALUE ? -1 : last;
    }

    /** Prices as given: per market, minute (since the epoch) to its last trade price. */
    static RecordedPrices of(Map<String, Market> markets, Map<String, TreeMap<Long, BigDecimal>> closes) {
        return new RecordedPrices(Map.copyOf(markets), new TreeMap<>(closes));
    }

    /**
     * Reads the trades of every market of the recording.
     *
     * @param markets the mapping of Tardis CSV history's symbols; null for a recording of this project
     * @throws SweepException when the recording stops at a line (the backtest's own message, naming it)
     */
    static RecordedPrices read(Path recording, String markets, ClassLoader loader) throws IOException,
            InterruptedException {
        Map<String, TreeMap<Long, BigDecimal>> closes = new TreeMap<>();
        CountDownLatch ended = new CountDownLatch(1);
        try (Backtest backtest = PaperProvider.find(loader, "replayFrom").backtest(recording, markets)) {
            Map<String, Market> known = Map.copyOf(backtest.market().markets());
            List<AutoCloseable> told = new ArrayList<>();
            for (String market : new TreeMap<>(known).keySet()) {
                TreeMap<Long, BigDecimal> byMinute = new TreeMap<>();
                closes.put(market, byMinute);
                told.add(backtest.onTrade(market, (Trade trade) ->
                        byMinute.put(Math.floorDiv(trade.date().toEpochMilli(), MINUTE), trade.price())));
            }
            backtest.start(null, () -> true, ended::countDown);
            ended.await();
            if (backtest.state() != Backtest.State.FINISHED) {
                throw new SweepException("The recording's prices could not be read: " + backtest.failure());
            }
            return new RecordedPrices(known, closes);
        }
    }

    /** The first minute with a trade (minutes since the epoch). */
    long firstMinute() {
        return firstMinute;
    }

    /** The last minute with a trade; before {@link #firstMinute()} when the recording has none. */
    long lastMinute() {
        return lastMinute;
    }

    Market market(String name) {
        return markets.get(name);
    }

    Map<String, Market> markets() {
        return markets;
    }

    /**
     * The last trade price of {@code market} at the end of {@code minute}; before its first trade, that trade's
     * price (a coin counts at its first price until it has one); null for a market without trades.
     */
    BigDecimal close(String market, long minute) {
        TreeMap<Long, BigDecimal> byMinute = closes.get(market);
        if (byMinute == null || byMinute.isEmpty()) {
            return null;
        }
        Entry<Long, BigDecimal> at = byMinute.floorEntry(minute);
        return at != null ? at.getValue() : byMinute.firstEntry().getValue();
    }
}
