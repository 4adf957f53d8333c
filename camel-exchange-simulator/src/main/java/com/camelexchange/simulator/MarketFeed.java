package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.MarketDates;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * Feeds an external market's data into a simulator that follows one ({@code externalMarket(...)} or
 * {@code replay(...)}): its trades, book, ticker and candles become the simulator's public market data,
 * served over REST and WebSocket as fed, and paper orders fill against them (see {@code FillModel}).
 * Every call is atomic and may come from any thread; each tells the WebSocket subscribers of the market.
 * A value the simulator cannot take (an unknown market, a price that is not positive, a number beyond
 * 40 digits or 30 decimals, a date before 2000 or more than a day after the simulator's clock: see
 * {@link MarketDates}) is refused with an {@link IllegalArgumentException} and changes nothing.
 *
 * <p>The dates of trades, books and tickers also tell the market's clock, which dates paper orders (see
 * {@code MarketClock}): a date that the rest of the data do not confirm is left out of it and counted
 * ({@link #clockDisagreements()}). A simulator on its own clock ({@code ownClock(...)} of its builder: paper trading
 * on a live market) dates paper orders by that clock instead, and refuses a date more than the lead it was given
 * after it ({@link #datesAhead()}).
 */
public interface MarketFeed {
    /**
     * A trade of the external tape. It goes on the simulator's tape under its own id and fills the resting
     * paper orders it traded through.
     *
     * @param tid       the external trade id; a trade whose id is not above the last one fed is dropped
     * @param time      when it traded
     * @param takerSide the side that took liquidity; null when the market does not say (served as a sell)
     * @return false when the trade was dropped as already seen
     */
    boolean trade(String market, long tid, Instant time, BigDecimal price, BigDecimal amount, Side takerSide);

    /**
     * A snapshot of the external book, replacing the one before (and what paper orders took from it).
     * Sides are sorted best first and equal prices merged here; empty levels are left out.
     *
     * @param bids at most 1000 levels
     * @param asks at most 1000 levels
     * @param time the snapshot's own time, served as the depth's timestamp; how old the book is for
     *             filling counts from when it was fed, by the simulator's clock
     */
    void book(String market, List<PriceLevel> bids, List<PriceLevel> asks, Instant time);

    /**
     * The external ticker, served as it is (24h open and turnover of the stream's ticker come from the fed
     * trades); until the first one, tickers are built from the fed trades and book.
     *
     * @param time when the market produced it; null serves the simulator's clock
     */
    void ticker(String market, BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell, BigDecimal last,
                BigDecimal volume, Instant time);

    /**
     * A K-line candle, replacing the one of that type and open time. Once a type has been fed, its K-lines
     * are the fed candles only; the other types are built from the fed trades.
     */
    void candle(String market, KlineType type, Instant openTime, BigDecimal open, BigDecimal high, BigDecimal low,
                BigDecimal close, BigDecimal volume);

    /** Trades dropped because their id was not above the last one fed (a feed that repeats itself). */
    long tradesDropped();

    /**
     * Trades, books and tickers whose date disagreed by more than a minute with the market's clock as the rest of
     * the data tell it (a trade dated a day ahead, a book hours late): left out of that clock, and logged at WARN
     * at most every ten minutes. The data themselves are taken.
     */
    long clockDisagreements();

    /**
     * On a simulator on its own clock, trades, books, tickers and candles refused because they were dated more than
     * the lead it allows after its clock; 0 otherwise.
     */
    long datesAhead();
}
