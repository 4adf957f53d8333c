package com.camelexchange.client.paper;

import com.camelexchange.client.spi.SignedCallRedirect;
import com.camelexchange.client.ExchangeClient;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What paper trading, recording and a backtest add to one run of a program or of a component, from its start to
 * its stop: the paper exchange its clients' signed calls go to, the live market read and followed with a keyless
 * client (or, in a backtest, the recording applied one event at a time), and the recorder of the market data. Made
 * by its {@link #builder()}, which checks everything first, so that a missing camel-exchange-paper, a bad setting
 * or a recording that cannot be opened fails the start, not a later call.
 *
 * <p>A program's clients are made with {@link #configure}: their signed calls then go to the paper exchange, signed
 * with its keys (a client so made holds none of the user's), and in a backtest their market data comes from the
 * recording as of the event being applied.
 *
 * <pre>{@code
 * try (PaperRun run = PaperRun.builder().replayFrom(recording).account(PaperSettings.startingWith("usdt=10000"))
 *         .reportTo(reportDir).open();
 *      ExchangeClient client = run.configure(ExchangeClient.builder()).build()) {
 *     run.backtest().onDepth("btc_usdt", book -> strategy.act(book, client));
 *     run.runBacktest();
 *     System.out.println(run.backtest().summary());
 * }
 * }</pre>
 *
 * Thread-safe; {@link #stop()} (or {@link #close()}) ends it, after which a signed call gets an error, never keys.
 */
public final class PaperRun implements AutoCloseable {
    private final Settings settings;
    /** Null unless the run is a backtest ({@code replayFrom}). */
    private final Backtest backtest;
    private final PaperMode mode;
    private final PaperProvider.Recorder recorder;
    /** Counted down when a backtest's recording ended or stopped at a line, or when the run stops. */
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean stopped;

    private record Settings(PaperSettings account, boolean streaming, Duration pollDelay, Path reportTo,
                            Path recordTo, Path replayFrom, String replayMarkets, Supplier<ExchangeClient> liveMarket,
                            FeedChecks checks, ClassLoader loader) {
    }

    private PaperRun(Settings settings) throws IOException {
        this.settings = settings;
        this.backtest = settings.replayFrom() == null ? null
                : PaperProvider.find(settings.loader(), "replayFrom").backtest(settings.replayFrom(),
                        settings.replayMarkets());
        try {
            LiveMarket live = backtest != null ? backtest.market()
                    : new LiveMarketAccess(new Once<>(settings.liveMarket()), settings.streaming(),
                            settings.pollDelay(), settings.checks());
            // A backtest's calls come at the replay's pace, not the wall's: the paper exchange limits them on its
            // clock. Live, the client keeps the paper account to the exchange's limits (when it keeps to limits).
            this.mode = settings.account() == null ? null : new PaperMode(backtest != null ? backtest::startExchange
                    : paperExchanges(PaperProvider.find(settings.loader(), "paper"), live), settings.account(),
                    backtest == null);
            this.recorder = settings.recordTo() == null ? null
                    : PaperProvider.find(settings.loader(), "recordTo").record(settings.recordTo(), live);
        } catch (IOException | RuntimeException e) {
            // The recording a backtest opened is closed: nobody else would.
            if (backtest != null) {
                backtest.close();
            }
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Paper exchanges of {@code provider} that follow {@code live}: found now, so that a missing module fails the open. */
    private static Function<PaperSettings, PaperExchange> paperExchanges(PaperProvider provider, LiveMarket live) {
        return account -> provider.start(account, live);
    }

    /**
     * Sets {@code client} up for this run: its signed calls go to the paper exchange (when there is a paper account)
     * and, in a backtest, its market data comes from the recording, which then stands for its base address too.
     * Market data of a run that is not a backtest comes from the client's own base address as usual.
     *
     * @return {@code client}
     */
    public ExchangeClient.Builder configure(ExchangeClient.Builder client) {
        if (mode != null) {
            client.signedCallsTo(mode);
        }
        if (backtest != null) {
            client.marketDataFrom(backtest.marketData());
        }
        return client;
    }

    /** Where signed calls go in this run; null when it has no paper account. */
    public SignedCallRedirect signedCalls() {
        return mode;
    }

    /** The backtest of this run; null unless {@code replayFrom} was set. */
    public Backtest backtest() {
        return backtest;
    }

    /**
     * The recorder of this run, to tap the market data a client receives ({@link ExchangeClient.Builder#tap});
     * null unless {@code recordTo} was set.
     */
    public PaperProvider.Recorder recorder() {
        return recorder;
    }

    /** The running paper exchange (its {@link PaperExchange#report} writes the report at any time); null before the first signed call. */
    public PaperExchange runningExchange() {
        return mode == null ? null : mode.runningExchange();
    }

    /**
     * Starts applying the backtest's recording on a thread of its own, the paper exchange started first so that
     * the report always has one; {@code atEnd} runs when the recording ended or stopped at a line.
     *
     * @param running read before each event: the recording stops being applied once it says false
     * @throws IllegalStateException unless this run is a backtest with a paper account
     */
    public void startBacktest(BooleanSupplier running, Runnable atEnd) {
        if (backtest == null || mode == null) {
            throw new IllegalStateException("Only a backtest with a paper account applies a recording: set replayFrom"
                                            + " and account");
        }
        mode.startNow();
        backtest.start(settings.reportTo() == null ? null : settings.reportTo().toString(),
                () -> !stopped && running.getAsBoolean(), () -> {
                    try {
                        atEnd.run();
                    } finally {
                        ended.countDown();
                    }
                });
    }

    /**
     * Applies the backtest's recording and returns when it ended, stopped at a line that could not be read, or
     * this run was stopped; the summary line is then {@link Backtest#summary()}.
     *
     * @return where the backtest stands: {@link Backtest.State#FINISHED} when the recording was applied to its end
     */
    public Backtest.State runBacktest() throws InterruptedException {
        startBacktest(() -> true, () -> { });
        ended.await();
        return backtest.state();
    }

    /**
     * Stops the backtest, the paper exchange (writing the report into {@code reportTo}, unless a backtest that ran
     * to its end wrote it, and saving the account where it is kept) and the recorder. A signed call after it gets
     * an error, never keys. Once only; later calls do nothing.
     */
    public void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            if (backtest != null) {
                backtest.close();
            }
            if (mode != null) {
                mode.stop(backtest != null && backtest.finished() || settings.reportTo() == null ? null
                        : settings.reportTo());
            }
        } finally {
            ended.countDown();
            if (recorder != null) {
                recorder.close();
            }
        }
    }

    /** {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    /** The settings of a run; {@link #open()} checks them and opens what they name. */
    public static final class Builder {
        private PaperSettings account;
        private boolean streaming = true;
        private Duration pollDelay = Duration.ofSeconds(1);
        private Path reportTo;
        private Path recordTo;
        private Path replayFrom;
        private String replayMarkets;
        private Supplier<ExchangeClient> liveMarket;
        private FeedChecks checks = FeedChecks.NONE;
        private ClassLoader loader;

        private Builder() {
        }

        /** The paper account: with one, the clients' signed calls go to a paper exchange. */
        public Builder account(PaperSettings account) {
            this.account = account;
            return this;
        }

        /**
         * The client the live market is read and followed with, made when first needed: a client without keys (its
         * market data and its limits are the live service's; nothing is signed with it). Required unless the run is
         * a backtest; the run does not close it.
         */
        public Builder liveMarketFrom(Supplier<ExchangeClient> keylessClient) {
            this.liveMarket = keylessClient;
            return this;
        }

        /** Follow the live market over the WebSocket (true, the default) or poll it every {@link #pollDelay}. */
        public Builder streaming(boolean streaming) {
            this.streaming = streaming;
            return this;
        }

        /** How often the live market is polled when not streamed (1 s). */
        public Builder pollDelay(Duration pollDelay) {
            this.pollDelay = pollDelay;
            return this;
        }

        /** Where the run's report (text and picture) is written at its end; none when not set. */
        public Builder reportTo(Path directory) {
            this.reportTo = directory;
            return this;
        }

        /** The file the market data the clients receive is recorded to (appending); none when not set. */
        public Builder recordTo(Path file) {
            this.recordTo = file;
            return this;
        }

        /**
         * The recording a backtest is run on, or Tardis.dev CSV history (a directory of {@code .csv}/{@code .csv.gz}
         * files, a glob of them, or one file; its markets given with {@link #replayMarkets}); the live market when
         * not set.
         */
        public Builder replayFrom(Path recording) {
            this.replayFrom = recording;
            return this;
        }

        /**
         * The markets of the symbols of Tardis.dev CSV history ({@link #replayFrom} a directory, a glob such as
         * {@code data/binance_*_BTCUSDT.csv.gz}, or a {@code .csv}/{@code .csv.gz} file):
         * {@code SYMBOL=market[:priceScale:amountScale[:minAmount:minSize]]}, several separated by commas, e.g.
         * {@code BTCUSDT=btc_usdt:2:6:0.0001:5}. Scales left out are inferred from the data (the most decimals seen,
         * said in the log); a minimum left out is one step of the amount scale (minAmount) and 0 (minSize). Not set
         * for a recording of this project, whose markets are in it.
         */
        public Builder replayMarkets(String markets) {
            this.replayMarkets = markets;
            return this;
        }

        /** Where the live market's feeds show their health (nowhere by default). */
        public Builder feedChecks(FeedChecks checks) {
            this.checks = Objects.requireNonNull(checks, "checks");
            return this;
        }

        /** Where camel-exchange-paper is looked for: this class's loader when not set. */
        public Builder classLoader(ClassLoader loader) {
            this.loader = loader;
            return this;
        }

        /**
         * The run, its settings checked and what they name opened: the recording of a backtest (its markets read),
         * the recorder's file. The paper exchange starts at the first signed call, or when a backtest starts.
         *
         * @throws IllegalStateException    when camel-exchange-paper is needed and not on the class path
         * @throws IllegalArgumentException when the settings do not fit together
         * @throws IOException              when the recording or the recorder's file cannot be opened
         */
        public PaperRun open() throws IOException {
            if (pollDelay == null || pollDelay.toMillis() < 1) {
                throw new IllegalArgumentException("pollDelay is at least a millisecond");
            }
            if (replayFrom != null && recordTo != null) {
                throw new IllegalArgumentException("A backtest (replayFrom) records nothing: recordTo cannot be set");
            }
            if (replayFrom != null && account != null && account.keptIn() != null) {
                throw new IllegalArgumentException("A backtest starts its paper account afresh: its account cannot be"
                                                   + " kept");
            }
            if (replayMarkets != null && replayFrom == null) {
                throw new IllegalArgumentException("replayMarkets maps the symbols of the history replayed: set"
                                                   + " replayFrom too");
            }
            if (replayFrom == null && (account != null || recordTo != null) && liveMarket == null) {
                throw new IllegalArgumentException("Paper trading and recording on the live market need the client"
                                                   + " it is read with: liveMarketFrom");
            }
            return new PaperRun(new Settings(account, streaming, pollDelay, reportTo, recordTo, replayFrom,
                    replayMarkets, liveMarket, checks, loader != null ? loader : PaperRun.class.getClassLoader()));
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
