package com.camelexchange.paper;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.replay.MarketEvent;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A backtest's market as of the event applied last: the markets the recording names, and per market its latest
 * book, ticker and trades. It is the live market of the paper exchange ({@link LiveMarket}: an order finds the book
 * as the last event left it, and each trade fills what it trades through) and what the clients read
 * ({@link MarketDataSource}: a producer's or a poll's read is answered here, nothing is sent). Memory is bounded by
 * the markets, not by the recording: one book and ticker and the last {@value #TRADES_KEPT} trades each, and per
 * K-line type the {@value #CANDLES_KEPT} latest candles (by open time) of its candle lines.
 *
 * <p>Applied on the replay's thread; read also by routes on other threads, hence the lock (never contended in
 * lock-step).
 */
final class RecordedMarket implements LiveMarket, MarketDataSource {
    /** Trades kept per market, for the reads that page through them with {@code since}: see {@link #trades}. */
    static final int TRADES_KEPT = 2_000;
    /** The most markets a recording may name: far above any exchange's list, and what bounds all that is kept. */
    static final int MAX_MARKETS = 5_000;
    /** What one trades read gives, as the exchange does. */
    static final int TRADES_PAGE = 50;
    /** The most candles one K-line read may ask for (its {@code size}), as the exchange answers at most. */
    static final int CANDLES_KEPT = 1000;

    private final Map<String, Market> markets = new LinkedHashMap<>();
    private final Map<String, Depth> books = new HashMap<>();
    private final Map<String, Ticker> tickers = new LinkedHashMap<>();
    private final Map<String, ArrayDeque<Trade>> trades = new HashMap<>();
    /** Per market and K-line type, the latest candles by open time (epoch ms). */
    private final Map<CandleSeries, TreeMap<Long, Candle>> candles = new HashMap<>();
    /** The paper exchange's feed of each market it follows. */
    private final Map<String, List<MarketDataListener>> followers = new HashMap<>();

    synchronized void markets(List<MarketSpec> specs) {
        for (MarketSpec spec : specs) {
            if (!markets.containsKey(spec.name()) && markets.size() == MAX_MARKETS) {
                throw new IllegalArgumentException("more than " + MAX_MARKETS + " markets in the recording");
            }
            markets.put(spec.name(), RecordedModels.market(spec));
        }
    }

    private record CandleSeries(String market, KlineType type) {
    }

    /**
     * Whether an event is of a market the recording named (or names the markets): one that is not would make room of
     * its own for a name the recording made up, so it is not {@linkplain #apply applied}.
     */
    synchronized boolean named(MarketEvent event) {
        return event instanceof MarketEvent.Markets || markets.containsKey(event.market());
    }

    /**
     * Applies one event and tells the paper exchange; returns the model a consumer of it gets (a candle as a
     * {@link Kline} of that one candle), or null for the markets, which no consumer takes.
     */
    Object apply(MarketEvent event) {
        Object model;
        List<MarketDataListener> told;
        synchronized (this) {
            if (!named(event)) {
                // What is kept is kept per market: a line of a market the recording never named would make its own
                // room, and memory would grow with the names a recording makes up rather than with its markets. The
                // backtest skips such lines before they come here (see named).
                throw new IllegalArgumentException("the market " + Echo.quoted(event.market())
                                                   + " is not among the recording's markets");
            }
            if (event instanceof MarketEvent.Trade t) {
                Trade trade = RecordedModels.trade(t);
                ArrayDeque<Trade> kept = trades.computeIfAbsent(t.market(), k -> new ArrayDeque<>());
                if (kept.size() == TRADES_KEPT) {
                    kept.removeFirst();
                }
                kept.addLast(trade);
                model = trade;
            } else if (event instanceof MarketEvent.Depth d) {
                Depth book = RecordedModels.depth(d);
                books.put(d.market(), book);
                model = book;
            } else if (event instanceof MarketEvent.Ticker t) {
                Ticker ticker = RecordedModels.ticker(t);
                tickers.put(t.market(), ticker);
                model = ticker;
            } else if (event instanceof MarketEvent.Markets m) {
                markets(m.markets());
                return null;
            } else if (event instanceof MarketEvent.Candle c) {
                Kline kline = RecordedModels.candle(c);
                Candle candle = kline.candles().get(0);
                TreeMap<Long, Candle> kept = candles.computeIfAbsent(new CandleSeries(c.market(), kline.type()),
                        k -> new TreeMap<>());
                // A candle is recorded again while its period runs (each reply or push that had it): the latest
                // line of an open time is the candle as the exchange last showed it.
                kept.put(candle.openTime().toEpochMilli(), candle);
                if (kept.size() > CANDLES_KEPT) {
                    kept.pollFirstEntry();
                }
                // The paper exchange builds its own K-lines from the trades: it is not told of candles.
                return kline;
            } else {
                return null;
            }
            told = followers.get(event.market());
        }
        if (told != null) {
            for (MarketDataListener listener : told) {
                if (listener instanceof LiveFeed paper) {
                    // The paper exchange's own feed takes the event as read: the same data, one parse fewer.
                    paper.recorded(event);
                } else if (model instanceof Trade trade) {
                    listener.trades(List.of(trade));
                } else if (model instanceof Depth book) {
                    listener.depth(book);
                } else {
                    listener.ticker((Ticker) model);
                }
            }
        }
        return model;
    }

    // ---------------------------------------------------------------- the paper exchange's live market

    @Override
    public synchronized Map<String, Market> markets() {
        return Map.copyOf(markets);
    }

    @Override
    public Depth depth(String market) {
        return depth(market, Integer.MAX_VALUE, null);
    }

    @Override
    public List<Trade> trades(String market) {
        return trades(market, null);
    }

    /** Tells {@code listener} the market's events from now on; the replay only moves forward, so none is missed. */
    @Override
    public synchronized AutoCloseable follow(String market, Long afterTid, MarketDataListener listener) {
        followers.computeIfAbsent(market, m -> new CopyOnWriteArrayList<>()).add(listener);
        return () -> {
            synchronized (RecordedMarket.this) {
                followers.get(market).remove(listener);
            }
        };
    }

    // ---------------------------------------------------------------- the clients' reads

    @Override
    public synchronized Map<String, Ticker> allTicker(Map<String, String> pairToMarket) {
        return new LinkedHashMap<>(tickers);
    }

    @Override
    public synchronized Ticker ticker(String market) {
        Ticker ticker = tickers.get(market);
        if (ticker == null) {
            throw new IllegalStateException("No ticker of " + market + " is in the recording up to now");
        }
        return ticker;
    }

    @Override
    public synchronized Depth depth(String market, int size, BigDecimal merge) {
        Depth book = books.get(market);
        if (book == null) {
            throw new IllegalStateException("No book of " + market + " is in the recording up to now");
        }
        if (merge != null) {
            return RecordedModels.merged(book, merge);
        }
        if (book.asks().size() <= size && book.bids().size() <= size) {
            return book;
        }
        return new Depth(market, book.asks().subList(0, Math.min(size, book.asks().size())),
                book.bids().subList(0, Math.min(size, book.bids().size())), book.timestamp());
    }

    /**
     * As the exchange answers a trades read: the latest {@value #TRADES_PAGE} when {@code since} is null, else the
     * first {@value #TRADES_PAGE} after it among the last {@value #TRADES_KEPT}; oldest first. A polled trades
     * consumer pages from its position with {@code since}, as it does live, so it misses none unless more than
     * {@value #TRADES_KEPT} trades were recorded between two of its polls.
     */
    @Override
    public synchronized List<Trade> trades(String market, Long since) {
        ArrayDeque<Trade> kept = trades.get(market);
        if (kept == null) {
            return List.of();
        }
        List<Trade> out = new ArrayList<>(Math.min(TRADES_PAGE, kept.size()));
        if (since == null) {
            Iterator<Trade> newestFirst = kept.descendingIterator();
            while (newestFirst.hasNext() && out.size() < TRADES_PAGE) {
                out.add(newestFirst.next());
            }
            Collections.reverse(out);
            return out;
        }
        for (Trade trade : kept) {
            if (trade.tid() > since) {
                out.add(trade);
                if (out.size() == TRADES_PAGE) {
                    break;
                }
            }
        }
        return out;
    }

    /**
     * As the exchange answers: the latest {@code size} candles whose open time is at or after {@code since} (of all
     * kept without it), oldest first, the last one as last recorded (still open while its period runs); none when
     * the recording has no candle of that market and type up to now.
     */
    @Override
    public synchronized Kline kline(String market, KlineType type, Long since, int size) {
        TreeMap<Long, Candle> kept = candles.get(new CandleSeries(market, type));
        List<Candle> out = new ArrayList<>();
        if (kept != null) {
            NavigableMap<Long, Candle> window = since == null ? kept : kept.tailMap(since, true);
            for (Candle candle : window.descendingMap().values()) {
                if (out.size() >= size) {
                    break;
                }
                out.add(candle);
            }
            Collections.reverse(out);
        }
        return RecordedModels.kline(market, type, out);
    }
}
