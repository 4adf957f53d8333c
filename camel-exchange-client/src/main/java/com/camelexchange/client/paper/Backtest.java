package com.camelexchange.client.paper;

import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A backtest: a recording applied one event at a time on one thread, in lock-step with what consumes it. Each event
 * is applied to the market first (the paper exchange's book and tape, the reads of the clients), then delivered to
 * the consumers that take it (a program's listeners, a component's routes), and the next one is applied only when
 * they returned: an order placed while an event is handled is matched against the market as that event left it.
 * Timers (polling consumers) run on the recording's time, between the events they fall between. Made by
 * camel-exchange-paper's {@link PaperProvider#backtest}, usually through a {@link PaperRun}; a program and the
 * component see only this interface.
 */
public interface Backtest extends AutoCloseable {

    /** Where a backtest stands, for the health of the consumers it delivers to. */
    enum State {
        /** Opened: the recording is applied once started. */
        NOT_STARTED,
        /** Applying the recording. */
        RUNNING,
        /** The recording was applied to its end: nothing more is delivered. */
        FINISHED,
        /** It stopped at a line that could not be read or applied ({@link #failure()} says which). */
        FAILED,
        /** It was stopped before the end of the recording. */
        STOPPED
    }

    /** The kinds of recorded data a consumer is told of. */
    enum Data { TRADES, DEPTH, TICKER, KLINE }

    /** The recording as the paper exchange follows it: its markets, and its book and trades as of now. */
    LiveMarket market();

    /** The recording as the clients read it, as of the event applied last: nothing of market data is sent. */
    MarketDataSource marketData();

    /** The replay's clock: the time of the event being applied, or of the timer being run. */
    Clock clock();

    /** Starts the paper exchange on the replay's clock. */
    PaperExchange startExchange(PaperSettings settings);

    /**
     * Tells {@code to} each recorded item of a kind of one market (a trade, a book, a ticker, as the client models
     * them; a candle as a {@code Kline} of that one candle, of any type), on the replay's thread, once the event is
     * applied; the replay waits for it to return. One that throws stops the backtest at that line, as a line that
     * cannot be read does ({@link #failure()} says why): a strategy that may fail on an event catches what it means
     * to go on after (a component's consumer hands the failure to its route's exception handler and goes on).
     *
     * @return stops telling
     */
    AutoCloseable deliver(String market, Data kind, Consumer<Object> to);

    /** {@link #deliver} of a market's recorded trades, one at a time. */
    default AutoCloseable onTrade(String market, Consumer<Trade> to) {
        return deliver(market, Data.TRADES, item -> to.accept((Trade) item));
    }

    /** {@link #deliver} of a market's recorded books, as deep as recorded. */
    default AutoCloseable onDepth(String market, Consumer<Depth> to) {
        return deliver(market, Data.DEPTH, item -> to.accept((Depth) item));
    }

    /** {@link #deliver} of a market's recorded tickers. */
    default AutoCloseable onTicker(String market, Consumer<Ticker> to) {
        return deliver(market, Data.TICKER, item -> to.accept((Ticker) item));
    }

    /** {@link #deliver} of a market's recorded candles, each as a {@code Kline} of that one candle, of any type. */
    default AutoCloseable onKline(String market, Consumer<Kline> to) {
        return deliver(market, Data.KLINE, item -> to.accept((Kline) item));
    }

    /**
     * Runs {@code task} on the replay's thread first {@code initialDelay} after the replay's time of now, then
     * {@code delay} after each run ended, by the replay's clock; a run falls between the events of its time.
     *
     * @return stops the runs
     */
    AutoCloseable every(Duration initialDelay, Duration delay, Runnable task);

    /**
     * Applies the recording from its start on a thread of its own, while {@code running} says so. At its end the
     * report is written into {@code reportTo} (when not null), one summary line is logged, and {@code atEnd} runs on
     * that thread; also when a line cannot be read (then without the report, written by whoever stops the paper
     * exchange). A second call does nothing.
     */
    void start(String reportTo, BooleanSupplier running, Runnable atEnd);

    /** Whether the recording was applied to its end (the report was then written). */
    boolean finished();

    /** Where it stands now; cheap, for health checks. */
    State state();

    /** Why it stopped at a line (the line, the file and the problem, bounded); null unless {@link State#FAILED}. */
    String failure();

    /**
     * The line the backtest logs at its end, {@code backtest: events=N seconds=S eventsPerSecond=R orders=N fills=N
     * fees=X pnl=Y}: the events applied, the wall time it took, and the paper account's figures (fees and P&amp;L in the
     * pricing coin); null while it runs or before it started.
     */
    String summary();

    /** Stops applying the recording and waits for its thread; the paper exchange is stopped by its owner. */
    @Override
    void close();
}
