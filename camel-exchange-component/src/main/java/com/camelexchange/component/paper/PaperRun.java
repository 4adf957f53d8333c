package com.camelexchange.component.paper;

import com.camelexchange.client.ExchangeClient;
import org.apache.camel.CamelContext;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * What paper trading and recording add to one run of a component, from its start to its stop: the paper mode its
 * clients are given, the live market read and followed with a keyless client of the component's (its feeds'
 * health shown beside the consumers'), and the recorder tapping the market data. Made from the component's options
 * at its start, so that a missing camel-exchange-paper or a bad paper option fails the start, not a later call.
 */
public final class PaperRun {
    /**
     * The component's paper and recording options.
     *
     * @param account   the paper account's settings; null when paper mode is off
     * @param rateLimited whether the paper account's calls keep to the exchange's trade-API limits, in this process
     *                  (they never spend the live service's budget); not in a backtest, whose calls come at the
     *                  replay's pace
     * @param streaming follow the live market over the WebSocket (true) or poll it every {@code pollDelay}
     * @param reportTo  where the run's report is written at the stop; null for none
     * @param recordTo  the file the market data is recorded to; null for none
     * @param replayFrom the recording a backtest is run on; null for none (the live market then)
     */
    public record Options(PaperSettings account, boolean rateLimited, boolean streaming, Duration pollDelay,
                          String reportTo, String recordTo, String replayFrom) {
    }

    private final Options options;
    private final MarketDataTaps taps;
    private final LiveMarket live;
    /** Null unless the run is a backtest ({@code replayFrom}). */
    private final Backtest backtest;
    private final PaperMode mode;
    private final PaperProvider.Recorder recorder;

    /**
     * @param keyless makes the client the live market is read with: the component's settings without keys
     * @param checks  where the live market's feeds show their health
     * @throws IllegalStateException when paper mode or recording is on without camel-exchange-paper
     * @throws IOException           when the recording file cannot be opened
     */
    public PaperRun(CamelContext context, Options options, Supplier<ExchangeClient> keyless, FeedChecks checks,
                    MarketDataTaps taps) throws IOException {
        this.options = options;
        this.taps = taps;
        this.backtest = options.replayFrom() == null ? null
                : PaperMode.provider(context, "replayFrom").backtest(Path.of(options.replayFrom()));
        try {
            this.live = backtest != null ? backtest.market()
                    : new LiveMarketAccess(new Once<>(keyless), options.streaming(), options.pollDelay(), checks);
            this.mode = options.account() == null ? null
                    : new PaperMode(backtest != null ? new BacktestExchanges(backtest) : PaperMode.provider(context,
                            "paper"), options.account(), live, options.rateLimited());
            this.recorder = options.recordTo() == null ? null
                    : PaperMode.provider(context, "recordTo").record(Path.of(options.recordTo()), live);
        } catch (IOException | RuntimeException e) {
            // The recording a backtest opened is closed: nobody else would.
            if (backtest != null) {
                backtest.close();
            }
            throw e;
        }
        if (recorder != null) {
            taps.add(recorder);
        }
    }

    /** Where signed calls go in paper mode; null when it is off. */
    public PaperMode mode() {
        return mode;
    }

    /** The backtest of this run; null unless {@code replayFrom} is set. */
    public Backtest backtest() {
        return backtest;
    }

    /**
     * Starts applying the backtest's recording, the paper exchange started first so that the report always has one;
     * {@code atEnd} runs when the recording ends.
     */
    public void startBacktest(BooleanSupplier running, Runnable atEnd) {
        mode.startNow();
        backtest.start(options.reportTo(), running, atEnd);
    }

    /**
     * Stops the paper exchange (writing the report, unless a backtest that ran to its end wrote it) and the
     * recorder; a call after it gets an error, never keys.
     */
    public void stop() {
        try {
            if (backtest != null) {
                backtest.close();
            }
            if (mode != null) {
                mode.stop(backtest != null && backtest.finished() ? null : options.reportTo());
            }
        } finally {
            if (recorder != null) {
                taps.remove(recorder);
                recorder.close();
            }
        }
    }

    /** In a backtest the paper exchange runs on the replay's clock, started by the backtest. */
    private record BacktestExchanges(Backtest backtest) implements PaperProvider {
        @Override
        public PaperExchange start(PaperSettings settings, LiveMarket live) {
            return backtest.startExchange(settings);
        }

        @Override
        public Recorder record(Path file, LiveMarket live) {
            throw new UnsupportedOperationException("A backtest records nothing");
        }
    }

    /** The keyless client, made at the first read of the live market and kept for the run. */
    private static final class Once<T> implements Supplier<T> {
        private final Supplier<T> make;
        private T made;

        Once(Supplier<T> make) {
            this.make = make;
        }

        @Override
        public synchronized T get() {
            if (made == null) {
                made = make.get();
            }
            return made;
        }
    }
}
