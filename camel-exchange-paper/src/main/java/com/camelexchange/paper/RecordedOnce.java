package com.camelexchange.paper;

import com.camelexchange.simulator.replay.MarketEvent;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a recording already holds, so that each piece of market data is written once though the clients receive
 * much of it twice: a pushed trade is read again over REST by the catch-up that a push not following the last one
 * makes, a consumer starting up reads the latest page of trades, a book is read over REST and pushed at once, a
 * polled K-line reply repeats the candles of the last one. Used by the recorder's one writing thread.
 *
 * <ul>
 * <li>A trade is written once per id and market. The highest {@value #TRADE_IDS} ids written are kept per market,
 *     in a set rather than as the last id alone, so that a trade arriving after a later one (a gap filled by a
 *     catch-up) is still written, and one id far ahead (a push the service never confirms) does not keep the real
 *     ones that follow from being written. A trade below all of those, once that many are kept, is an old one read
 *     again, and is not written: a replay would not take it after a later one anyway.</li>
 * <li>A book is not written again when the same snapshot (its time and every level) was written less than
 *     {@link #SAME_BOOK_WITHIN} before: that is the same snapshot twice. Written again later it is what kept the
 *     book fresh, which a replay needs as the live run had it (a book older than 30 s is no book).</li>
 * <li>A ticker is not written again when it is the same as the last one written of its market; a candle when it is
 *     the same as the last one written of its market, type and open time (of the latest {@value #CANDLES}).</li>
 * </ul>
 */
final class RecordedOnce {
    /** Trade ids kept per market: far more than a catch-up reads again of what was pushed. */
    static final int TRADE_IDS = 4_096;
    /** Candles kept per market and type: as many as a K-line reply holds. */
    static final int CANDLES = 1_000;
    static final Duration SAME_BOOK_WITHIN = Duration.ofSeconds(1);

    private final Map<String, TreeSet<Long>> tradeIds = new HashMap<>();
    private final Map<String, MarketEvent.Depth> books = new HashMap<>();
    private final Map<String, MarketEvent.Ticker> tickers = new HashMap<>();
    private final Map<String, TreeMap<Instant, MarketEvent.Candle>> candles = new HashMap<>();
    private long repeats;

    /** Whether the line holds data the recording does not have yet; if so it is taken as written. */
    boolean firstTime(MarketEvent line) {
        boolean first;
        if (line instanceof MarketEvent.Trade trade) {
            first = newTrade(trade);
        } else if (line instanceof MarketEvent.Depth book) {
            first = newBook(book);
        } else if (line instanceof MarketEvent.Ticker ticker) {
            first = !sameTicker(tickers.get(ticker.market()), ticker);
            tickers.put(ticker.market(), ticker);
        } else if (line instanceof MarketEvent.Candle candle) {
            first = newCandle(candle);
        } else {
            first = true;
        }
        if (!first) {
            repeats++;
        }
        return first;
    }

    /** Lines left out as already written. */
    long repeats() {
        return repeats;
    }

    private boolean newTrade(MarketEvent.Trade trade) {
        TreeSet<Long> ids = tradeIds.computeIfAbsent(trade.market(), m -> new TreeSet<>());
        if (ids.contains(trade.tid()) || ids.size() >= TRADE_IDS && trade.tid() < ids.first()) {
            return false;
        }
        ids.add(trade.tid());
        if (ids.size() > TRADE_IDS) {
            ids.pollFirst();
        }
        return true;
    }

    private boolean newBook(MarketEvent.Depth book) {
        MarketEvent.Depth last = books.get(book.market());
        if (last != null && last.timestamp().equals(book.timestamp()) && last.asks().equals(book.asks())
                && last.bids().equals(book.bids())
                && Duration.between(last.at(), book.at()).compareTo(SAME_BOOK_WITHIN) < 0) {
            return false;
        }
        books.put(book.market(), book);
        return true;
    }

    private static boolean sameTicker(MarketEvent.Ticker last, MarketEvent.Ticker ticker) {
        return last != null && last.high().equals(ticker.high()) && last.low().equals(ticker.low())
                && last.buy().equals(ticker.buy()) && last.sell().equals(ticker.sell())
                && last.last().equals(ticker.last()) && last.volume().equals(ticker.volume())
                && Objects.equals(last.date(), ticker.date());
    }

    private boolean newCandle(MarketEvent.Candle candle) {
        TreeMap<Instant, MarketEvent.Candle> kept = candles.computeIfAbsent(candle.market() + " " + candle.type(),
                k -> new TreeMap<>());
        MarketEvent.Candle last = kept.get(candle.openTime());
        if (last != null && last.open().equals(candle.open()) && last.high().equals(candle.high())
                && last.low().equals(candle.low()) && last.close().equals(candle.close())
                && last.volume().equals(candle.volume())) {
            return false;
        }
        kept.put(candle.openTime(), candle);
        if (kept.size() > CANDLES) {
            kept.pollFirstEntry();
        }
        return true;
    }
}
