package com.camelexchange.component;

import com.camelexchange.client.ClientSettings;
import com.camelexchange.client.Credentials;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.HttpTransport;
import com.camelexchange.client.RetryPolicy;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.budget.TradeRateLimits;
import com.camelexchange.client.feed.core.SharedReads;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.stream.StreamSessions;
import com.camelexchange.component.consumer.ConsumerHealthChecks;
import com.camelexchange.component.paper.Backtest;
import com.camelexchange.component.paper.MarketDataTaps;
import com.camelexchange.component.paper.PaperExchange;
import com.camelexchange.component.paper.PaperMode;
import com.camelexchange.component.paper.PaperOptions;
import com.camelexchange.component.paper.PaperRun;
import com.camelexchange.component.paper.PaperSettings;
import org.apache.camel.Endpoint;
import org.apache.camel.SSLContextParametersAware;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.support.jsse.SSLContextParameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The {@code exchange:} component: its options, the endpoints it makes and the lifecycle of what they share. What
 * all endpoints share (one client's resources: connection pool, rate budgets, market lists, streams; the meters; the
 * polling consumers' scheduler and shared replies) is {@link SharedResources}; paper mode and recording of a run
 * are {@link PaperRun}. Endpoint options set here are defaults every endpoint copies.
 */
@Component("exchange")
public class ExchangeComponent extends HealthCheckComponent implements SSLContextParametersAware {

    @Metadata(description = "Defaults for the options of every endpoint of this component.")
    private ExchangeConfiguration configuration = new ExchangeConfiguration();
    @Metadata(label = "advanced", defaultValue = "5000",
              description = "How long to wait for a connection, in milliseconds.")
    private long connectTimeout = 5_000;
    @Metadata(label = "advanced",
              description = "A proxy host to reach the exchange through. Requests to loopback addresses (localhost,"
                            + " 127.x, ::1), such as the paper exchange's, go direct.")
    private String proxyHost;
    @Metadata(label = "advanced", description = "The port of the proxy.")
    private Integer proxyPort;
    @Metadata(label = "security", description = "TLS settings for https addresses.")
    private SSLContextParameters sslContextParameters;
    @Metadata(label = "security", defaultValue = "false",
              description = "Use the global TLS settings of the Camel context.")
    private boolean useGlobalSslContextParameters;
    @Metadata(label = "advanced", defaultValue = "20",
              description = "The size of the keep-alive connection pool shared by all endpoints.")
    private int maxConnections = 20;
    @Metadata(label = "advanced", defaultValue = "10",
              description = "Market-data requests (other than K-lines) per second that all endpoints together may"
                            + " send; 0 for no limit. K-line requests are always kept to one a second.")
    private int marketDataRequestsPerSecond = 10;
    @Metadata(label = "advanced", defaultValue = "30000",
              description = "How long a request may wait for a rate-limit permit, in milliseconds, before it"
                            + " fails without being sent.")
    private long rateLimitMaxWait = 30_000;
    @Metadata(label = "advanced", defaultValue = "true",
              description = "Keep to the exchange's request limits on the client side. Switch it off only for a"
                            + " test exchange without limits, e.g. in load tests.")
    private boolean clientRateLimits = true;
    @Metadata(label = "advanced", autowired = true,
              description = "Where the rate-limit windows are kept. By default each instance keeps its own; bind a"
                            + " shared implementation (camel-exchange-cluster's ZooKeeperRateBudgets) so that all"
                            + " instances using one key, user or IP share one budget and together stay within"
                            + " the exchange's limits.")
    private RateBudgets rateBudgets;
    @Metadata(label = "consumer,advanced", defaultValue = "4",
              description = "Polling consumers: how many threads run the polls of all polling consumers of the"
                            + " component (a route's own processing of what it polled included), instead of one"
                            + " thread per route. A route that sets its own scheduler or scheduledExecutorService"
                            + " polls on that. A poll waiting for a rate-limit permit or a reply holds its thread"
                            + " meanwhile: raise it when routes do slow work on the polling thread.")
    private int pollThreads = 4;
    @Metadata(label = "consumer,advanced", defaultValue = "3000",
              description = "Streaming consumers: how often a ping keeps the WebSocket connection alive, in"
                            + " milliseconds.")
    private long keepAliveInterval = 3_000;
    @Metadata(label = "consumer,advanced", defaultValue = "10000",
              description = "Streaming consumers: a WebSocket connection that brings nothing at all (no push, no"
                            + " answer to a ping) for this long, in milliseconds, is taken as dead and opened again.")
    private long silenceTimeout = 10_000;
    @Metadata(label = "consumer,advanced", defaultValue = "60000",
              description = "Streaming consumers: the longest a subscribed channel may push nothing while its"
                            + " WebSocket connection is alive, in milliseconds. How long a channel may stay silent"
                            + " is learned from its own pace, between silenceTimeout and this; a channel silent"
                            + " longer is checked (trades and K-lines catch up over REST, tickers and books are"
                            + " subscribed again) and, when it missed pushes, reported and subscribed again,"
                            + " backing off up to this. Meanwhile a trades or K-line consumer reads its data over"
                            + " REST at its polling delay until the channel pushes again. A ticker or book that"
                            + " does not change is quiet, not silent.")
    private long channelSilenceTimeout = 60_000;
    @Metadata(label = "consumer,advanced", defaultValue = "500",
              description = "Streaming consumers: the first delay before opening a dropped WebSocket connection"
                            + " again, or catching up over REST after a failed catch-up, in milliseconds; it doubles"
                            + " per failed attempt, with jitter.")
    private long reconnectDelay = 500;
    @Metadata(label = "consumer,advanced", defaultValue = "30000",
              description = "Consumers: the longest delay between attempts after failures, in milliseconds: to"
                            + " open a WebSocket connection, to catch up over REST, and between the polls of a"
                            + " polling consumer whose polls fail (a page refused whole, the exchange unavailable),"
                            + " which back off from their delay, doubling per failure in a row, up to this (or"
                            + " their delay when longer).")
    private long maxReconnectDelay = 30_000;
    @Metadata(label = "consumer,advanced", defaultValue = "4",
              description = "Streaming consumers: the threads that turn the pushes of all streaming consumers of the"
                            + " component into exchanges, however many routes stream. Each consumer runs on one of"
                            + " them at a time, in order; a route that blocks holds one while it blocks, so raise it"
                            + " when several routes may block at once (a slow database, a remote call).")
    private int streamThreads = 4;
    @Metadata(label = "consumer,advanced", defaultValue = "2",
              description = "Streaming consumers: how many catch up over REST at once (at start from a stored"
                            + " position, after a reconnect or a lost push). The others wait their turn, first"
                            + " come, first served, so that hundreds of streams starting together do not all ask"
                            + " the market-data budget at the same moment.")
    private int streamCatchUps = 2;
    // Object, not MeterRegistry: this class and its generated configurer must load and run without Micrometer,
    // and Camel's autowiring by type would then need the class (so the lookup by type is the component's own).
    @Metadata(label = "advanced",
              description = "A Micrometer MeterRegistry (io.micrometer.core.instrument.MeterRegistry) to record the"
                            + " component's meters into (names starting with camel.exchange)."
                            + " By default the one bound in the registry (camel-micrometer's, Spring Boot"
                            + " Actuator's) is used; without Micrometer on the classpath, or without a registry,"
                            + " nothing is recorded.")
    private Object meterRegistry;
    @Metadata(label = "paper", defaultValue = "false",
              description = "Paper trading: every signed operation of the component's endpoints (orders, cancels,"
                            + " order queries, the account, the address and withdrawal-record reads, the orders and"
                            + " withdrawals consumers) goes to an in-process paper exchange with an account of its"
                            + " own, while market data still comes from the exchange at baseUrl. No signed request"
                            + " reaches the exchange: the endpoints' accessKey and secretKey are never used, and not"
                            + " needed. The paper account has no withdrawals, and no address money could be sent to:"
                            + " its deposit address of btc is paper-btc-not-a-deposit-address. Needs"
                            + " com.camelexchange:camel-exchange-paper on the classpath.")
    private boolean paper;
    @Metadata(label = "paper",
              description = "Paper trading: what the paper account starts with, per coin, e.g. usdt=10000,btc=0.5;"
                            + " coins not named start at zero. Required with paper=true. An account kept in the"
                            + " paperStateRepository goes on with its own balances instead.")
    private String paperBalances;
    @Metadata(label = "paper", defaultValue = "queue", enums = "tradeThrough,touch,queue",
              description = "Paper trading: how a live trade at exactly a resting paper order's price fills it (a"
                            + " trade through the price always does, and takers always walk the live book)."
                            + " tradeThrough: never, since the order's place in the queue is unknown; it fills no"
                            + " earlier than reality would, often later. touch: a share of the trade"
                            + " (paperFillAtTouch, the whole of it by default), whatever queue stood there. queue:"
                            + " the order waits behind the amount the live book showed at its price when it"
                            + " arrived; trades at the price take that queue first, then the order, partly when"
                            + " smaller; the queue ahead shrinks in proportion when the book shows less there (the"
                            + " default: the one measured closest to a matching engine's fills).")
    private String paperFillModel;
    @Metadata(label = "paper",
              description = "Paper trading, with paperFillModel=touch (which setting it alone chooses): the share,"
                            + " from 0 to 1, of a live trade at exactly a resting paper order's price that fills the"
                            + " order; 1 by default.")
    private String paperFillAtTouch;
    @Metadata(label = "paper", defaultValue = "100",
              description = "Paper trading: how long, in milliseconds of the paper clock (0 to 60000), a"
                            + " paper order takes to reach the paper book and a cancel to take effect, as a real"
                            + " one would travel to the exchange. Until then the order is open without fills, and a"
                            + " taker meets the live book as it was when the order arrived. The default is an"
                            + " assumption (half a round trip over the internet), not a measurement: set it to half"
                            + " the round trip of your signed calls.")
    private long paperLatency = PaperOptions.DEFAULT_LATENCY_MILLIS;
    @Metadata(label = "paper", defaultValue = "5",
              description = "Paper trading on the live market: how far, in seconds (0 to 3600), a date of the live"
                            + " market's data may be ahead of this machine's clock. The paper exchange's clock is"
                            + " this machine's: it dates paper orders, and the market's dates only confirm it. A trade,"
                            + " book, ticker or candle dated further ahead is refused and counted, whatever came before"
                            + " it and however many come, so that no wrong date holds paper orders back from the"
                            + " trades that should fill them. The default covers the seconds by which an exchange's"
                            + " clock and a host's honestly differ; keep the host on NTP rather than raising it."
                            + " A backtest runs on the recording's clock and does not use it.")
    private int paperClockSkew = PaperOptions.DEFAULT_CLOCK_SKEW_SECONDS;
    @Metadata(label = "paper",
              description = "Paper trading: where the paper account (its balances, orders and fills) is kept, so that"
                            + " it survives a restart. It is saved every few seconds while it changes and when the"
                            + " component stops, and taken up again at the first signed call of the next run.")
    private StateRepository<String, String> paperStateRepository;
    @Metadata(label = "paper", defaultValue = "camel-exchange-paper",
              description = "Paper trading: the key of the paper account in the paperStateRepository.")
    private String paperStateKey = "camel-exchange-paper";
    @Metadata(label = "paper", defaultValue = "true",
              description = "Paper trading: follow the book and trades of the markets the paper account trades over"
                            + " the exchange's WebSocket (true) or by polling them over REST every paperPollDelay"
                            + " (false).")
    private boolean paperStreaming = true;
    @Metadata(label = "paper", defaultValue = "1000",
              description = "Paper trading without streaming: how often the book and trades of each market traded"
                            + " are polled, in milliseconds.")
    private long paperPollDelay = 1_000;
    @Metadata(label = "paper",
              description = "Paper trading: a directory to write the run's report into when the component stops: a"
                            + " summary (paper-report.txt) and a picture of the equity curve and the fills over the"
                            + " price (paper-report.png).")
    private String paperReportTo;
    @Metadata(label = "advanced",
              description = "Records the market data the component receives (markets, tickers, books, trades and"
                            + " K-lines; replies and pushes) to this file, one JSON line each, which the simulator"
                            + " replays. Appends to a file that exists. Needs com.camelexchange:camel-exchange-paper on"
                            + " the classpath.")
    private String recordTo;
    @Metadata(label = "paper",
              description = "Backtest: runs the routes on this recording (a file recordTo wrote) instead of the live"
                            + " market, in lock-step: each recorded event is applied to the market, then delivered to"
                            + " the consumers that take it, and the next one is applied only when their exchanges"
                            + " completed. Market data (consumers and producers) is served from the recording, every"
                            + " signed operation by the paper exchange (paper=true is implied, with paperBalances), on"
                            + " the recording's time; nothing is sent to the exchange, and neither keys nor baseUrl are"
                            + " needed. At the"
                            + " end of the recording the report is written to paperReportTo, a summary line is logged"
                            + " and the CamelContext stops (a Camel Main application then ends). Needs"
                            + " com.camelexchange:camel-exchange-paper on the classpath.")
    private String replayFrom;

    /** The market-data address of a backtest's clients when {@code baseUrl} is not set; see marketDataAddress. */
    static final String BACKTEST_ADDRESS = "http://backtest.invalid";

    private final MarketDataTaps taps = new MarketDataTaps();
    private final SharedResources shared = new SharedResources(this);
    /** Guarded by this: paper mode and recording of the current run, made at start or with the first client. */
    private PaperRun paperRun;
    /** Guarded by this: between doStop and the next doStart (Camel counts a component not yet started as stopped). */
    private boolean stopped;
    /**
     * Counts the component's starts: a client made before the last stop holds a transport, a paper exchange and
     * budgets that stopped with it, so an endpoint makes its client again when this moved on.
     */
    private volatile long starts;
    private Clock candleClock = Clock.systemUTC();
    private Clock paperClock = Clock.systemUTC();

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        ExchangeEndpoint endpoint = new ExchangeEndpoint(uri, this, ExchangeOperation.named(remaining),
                configuration.copy());
        setProperties(endpoint, parameters);
        endpoint.checkOptions();
        return endpoint;
    }

    /**
     * A client for an endpoint's settings and keys, on the shared transport, the market-data limits, the
     * trade-API limits of its variant and the market list of its address.
     */
    ExchangeClient newClient(ExchangeConfiguration conf) {
        ClientSettings settings = new ClientSettings(marketDataAddress(conf), conf.getTradeUrl(), conf.getUserAgent(),
                Duration.ofMillis(conf.getRequestTimeout()), conf.getMaxReplySize(),
                Duration.ofMillis(conf.getCallTimeout()));
        PaperMode paperMode = paperTrading() ? paperRun().mode() : null;
        // In paper mode the user's keys are never given to a client: nothing can be signed with them.
        Credentials credentials = !paperTrading() && conf.getAccessKey() != null && conf.getSecretKey() != null
                ? new Credentials(conf.getAccessKey(), conf.getSecretKey()) : null;
        Backtest backtest = backtest();
        return shared.client().client(settings, conf.getApiVariant(), credentials,
                new RetryPolicy(conf.getReadRetries(), Duration.ofMillis(conf.getReadRetryDelay())), taps, paperMode,
                backtest == null ? null : backtest.marketData());
    }

    /**
     * The market-data address of an endpoint's settings: its {@code baseUrl}, which only a backtest may leave unset;
     * then {@value #BACKTEST_ADDRESS}, which no client connects to (its market data is the recording's, its signed
     * calls go to the paper exchange, and {@code .invalid} never resolves) and which only names its market list.
     */
    public String marketDataAddress(ExchangeConfiguration conf) {
        return conf.getBaseUrl() == null && replayFrom != null ? BACKTEST_ADDRESS : conf.getBaseUrl();
    }

    /** Whether signed operations go to the paper exchange: paper mode, or a backtest ({@code replayFrom}). */
    public boolean paperTrading() {
        return paper || replayFrom != null;
    }

    /** The backtest of this run; null unless {@code replayFrom} is set. */
    public Backtest backtest() {
        return replayFrom == null ? null : paperRun().backtest();
    }

    /** How many times the component started; an endpoint's client made at an earlier count is one of a stopped run. */
    long starts() {
        return starts;
    }

    /** Paper mode and recording of this run, made from the options the first time they are needed. */
    private synchronized PaperRun paperRun() {
        if (paperRun == null) {
            if (stopped) {
                // Never a client with the user's keys instead, nor a paper exchange nobody would stop.
                throw new IllegalStateException("The exchange component is stopped: its paper exchange is gone");
            }
            ApiVariant variant = configuration.getApiVariant();
            PaperSettings account = paperTrading() ? new PaperSettings(variant, PaperOptions.balances(paperBalances),
                    PaperOptions.fills(paperFillModel, paperFillAtTouch, paperLatency),
                    PaperOptions.clockSkew(paperClockSkew), paperClock, paperStateRepository, paperStateKey) : null;
            // A backtest's calls come at the replay's pace, not the wall's: the paper exchange limits them on its clock.
            TradeRateLimits limits = clientRateLimits && replayFrom == null ? new TradeRateLimits(variant,
                    RateBudgets.local(),
                    Duration.ofMillis(rateLimitMaxWait)) : TradeRateLimits.off(variant);
            try {
                paperRun = new PaperRun(getCamelContext(), new PaperRun.Options(account, limits, paperStreaming,
                        Duration.ofMillis(paperPollDelay), paperReportTo, recordTo, replayFrom), this::keylessClient,
                        (name, health) -> ConsumerHealthChecks.registerFeed(getCamelContext(), name, health), taps);
            } catch (IOException e) {
                throw new UncheckedIOException(replayFrom != null ? "Cannot run a backtest on " + replayFrom + ": "
                        + e.getMessage() : "Cannot record to " + recordTo, e);
            }
        }
        return paperRun;
    }

    /** Whether {@code run} is this component's paper run of now (not one of a run before a restart). */
    synchronized boolean isCurrentRun(PaperRun run) {
        return paperRun == run;
    }

    /** The client the live market is read with: the component's settings without keys, on the shared resources. */
    private ExchangeClient keylessClient() {
        ExchangeConfiguration conf = configuration.copy();
        conf.setAccessKey(null);
        conf.setSecretKey(null);
        return newClient(conf);
    }

    /**
     * The paper exchange of this component in paper mode, once the first signed call started it; null otherwise.
     * Its {@link PaperExchange#report} writes the run's report at any time.
     */
    public PaperExchange paperExchange() {
        PaperMode mode;
        synchronized (this) {
            mode = paperRun == null ? null : paperRun.mode();
        }
        return mode == null ? null : mode.runningExchange();
    }

    /** Where the component's meters go; looked up once, when the first endpoint needs a client. */
    Metrics metrics() {
        return shared.metrics();
    }

    /** What the endpoints share, for the dev console. */
    SharedResources shared() {
        return shared;
    }

    /** The connection pool the endpoints share. */
    HttpTransport transport() {
        return shared.client().transport();
    }

    /** The scheduler every polling consumer polls on, unless its route chose its own: {@code pollThreads} threads. */
    public ScheduledExecutorService pollScheduler() {
        return shared.pollScheduler();
    }

    /** The market-data replies the polling consumers of the component share. */
    public SharedReads sharedReads() {
        return shared.sharedReads();
    }

    /** The component's WebSocket sessions, one per address, created with the first streaming consumer. */
    public StreamSessions streams() {
        return shared.client().streams();
    }

    /** The context's TLS settings, for {@code useGlobalSslContextParameters}. */
    SSLContextParameters globalSslContextParameters() {
        return retrieveGlobalSslContextParameters();
    }

    @Override
    protected synchronized void doStart() throws Exception {
        super.doStart();
        stopped = false;
        starts++;
        shared.start();
        // A missing camel-exchange-paper or a bad paper option fails the start, not a later call.
        if (replayFrom != null) {
            BacktestEnd.requireNotStarted(getCamelContext());
        }
        if (replayFrom != null && (recordTo != null || paperStateRepository != null)) {
            throw new IllegalArgumentException("replayFrom cannot be set with recordTo or paperStateRepository: a"
                                               + " backtest records nothing and starts its paper account afresh");
        }
        if (paperTrading() || recordTo != null) {
            paperRun();
        }
        if (replayFrom != null) {
            BacktestEnd.startWhenRoutesRun(this, paperRun());
        }
    }

    @Override
    protected void doStop() throws Exception {
        // Paper mode and the recorder stop without the component's lock: a first signed call may be starting the
        // paper exchange, which reads the live market through this component and so waits for that lock.
        PaperRun stopping;
        synchronized (this) {
            stopped = true;
            stopping = paperRun;
            paperRun = null;
        }
        try {
            if (stopping != null) {
                stopping.stop();
            }
        } finally {
            shared.stop();
            super.doStop();
        }
    }

    public ExchangeConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ExchangeConfiguration configuration) {
        this.configuration = configuration;
    }

    public long getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public String getProxyHost() {
        return proxyHost;
    }

    public void setProxyHost(String proxyHost) {
        this.proxyHost = proxyHost;
    }

    public Integer getProxyPort() {
        return proxyPort;
    }

    public void setProxyPort(Integer proxyPort) {
        this.proxyPort = proxyPort;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }

    @Override
    public boolean isUseGlobalSslContextParameters() {
        return useGlobalSslContextParameters;
    }

    @Override
    public void setUseGlobalSslContextParameters(boolean useGlobalSslContextParameters) {
        this.useGlobalSslContextParameters = useGlobalSslContextParameters;
    }

    public int getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
    }

    public int getMarketDataRequestsPerSecond() {
        return marketDataRequestsPerSecond;
    }

    public void setMarketDataRequestsPerSecond(int marketDataRequestsPerSecond) {
        this.marketDataRequestsPerSecond = marketDataRequestsPerSecond;
    }

    public long getRateLimitMaxWait() {
        return rateLimitMaxWait;
    }

    public void setRateLimitMaxWait(long rateLimitMaxWait) {
        this.rateLimitMaxWait = rateLimitMaxWait;
    }

    public RateBudgets getRateBudgets() {
        return rateBudgets;
    }

    public void setRateBudgets(RateBudgets rateBudgets) {
        this.rateBudgets = rateBudgets;
    }

    public boolean isClientRateLimits() {
        return clientRateLimits;
    }

    public void setClientRateLimits(boolean clientRateLimits) {
        this.clientRateLimits = clientRateLimits;
    }

    public int getPollThreads() {
        return pollThreads;
    }

    public void setPollThreads(int pollThreads) {
        this.pollThreads = pollThreads;
    }

    public long getKeepAliveInterval() {
        return keepAliveInterval;
    }

    public void setKeepAliveInterval(long keepAliveInterval) {
        this.keepAliveInterval = keepAliveInterval;
    }

    public long getSilenceTimeout() {
        return silenceTimeout;
    }

    public void setSilenceTimeout(long silenceTimeout) {
        this.silenceTimeout = silenceTimeout;
    }

    public long getChannelSilenceTimeout() {
        return channelSilenceTimeout;
    }

    public void setChannelSilenceTimeout(long channelSilenceTimeout) {
        this.channelSilenceTimeout = channelSilenceTimeout;
    }

    public long getReconnectDelay() {
        return reconnectDelay;
    }

    public void setReconnectDelay(long reconnectDelay) {
        this.reconnectDelay = reconnectDelay;
    }

    public long getMaxReconnectDelay() {
        return maxReconnectDelay;
    }

    public void setMaxReconnectDelay(long maxReconnectDelay) {
        this.maxReconnectDelay = maxReconnectDelay;
    }

    public int getStreamThreads() {
        return streamThreads;
    }

    public void setStreamThreads(int streamThreads) {
        this.streamThreads = streamThreads;
    }

    public int getStreamCatchUps() {
        return streamCatchUps;
    }

    public void setStreamCatchUps(int streamCatchUps) {
        this.streamCatchUps = streamCatchUps;
    }

    public Object getMeterRegistry() {
        return meterRegistry;
    }

    public void setMeterRegistry(Object meterRegistry) {
        this.meterRegistry = meterRegistry;
    }

    public boolean isPaper() {
        return paper;
    }

    public void setPaper(boolean paper) {
        this.paper = paper;
    }

    public String getPaperBalances() {
        return paperBalances;
    }

    public void setPaperBalances(String paperBalances) {
        this.paperBalances = paperBalances;
    }

    public String getPaperFillAtTouch() {
        return paperFillAtTouch;
    }

    public void setPaperFillAtTouch(String paperFillAtTouch) {
        this.paperFillAtTouch = paperFillAtTouch;
    }

    public String getPaperFillModel() {
        return paperFillModel;
    }

    public void setPaperFillModel(String paperFillModel) {
        this.paperFillModel = paperFillModel;
    }

    public long getPaperLatency() {
        return paperLatency;
    }

    public void setPaperLatency(long paperLatency) {
        this.paperLatency = paperLatency;
    }

    public int getPaperClockSkew() {
        return paperClockSkew;
    }

    public void setPaperClockSkew(int paperClockSkew) {
        this.paperClockSkew = paperClockSkew;
    }

    public StateRepository<String, String> getPaperStateRepository() {
        return paperStateRepository;
    }

    public void setPaperStateRepository(StateRepository<String, String> paperStateRepository) {
        this.paperStateRepository = paperStateRepository;
    }

    public String getPaperStateKey() {
        return paperStateKey;
    }

    public void setPaperStateKey(String paperStateKey) {
        this.paperStateKey = paperStateKey;
    }

    public boolean isPaperStreaming() {
        return paperStreaming;
    }

    public void setPaperStreaming(boolean paperStreaming) {
        this.paperStreaming = paperStreaming;
    }

    public long getPaperPollDelay() {
        return paperPollDelay;
    }

    public void setPaperPollDelay(long paperPollDelay) {
        this.paperPollDelay = paperPollDelay;
    }

    public String getPaperReportTo() {
        return paperReportTo;
    }

    public void setPaperReportTo(String paperReportTo) {
        this.paperReportTo = paperReportTo;
    }

    public String getReplayFrom() {
        return replayFrom;
    }

    public void setReplayFrom(String replayFrom) {
        this.replayFrom = replayFrom;
    }

    public String getRecordTo() {
        return recordTo;
    }

    public void setRecordTo(String recordTo) {
        this.recordTo = recordTo;
    }

    /** The clock that decides when a K-line candle has closed. Not an option: tests replace it. */
    public Clock getCandleClock() {
        return candleClock;
    }

    public void setCandleClock(Clock candleClock) {
        this.candleClock = candleClock;
    }

    /**
     * This machine's clock, which a paper exchange following the live market runs on. Not an option: a benchmark that
     * steps a stand-in market's time faster than the wall's gives the same clock to its paper exchanges.
     */
    public Clock getPaperClock() {
        return paperClock;
    }

    public void setPaperClock(Clock paperClock) {
        this.paperClock = java.util.Objects.requireNonNull(paperClock, "paperClock");
    }
}
