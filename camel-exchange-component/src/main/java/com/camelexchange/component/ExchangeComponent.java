package com.camelexchange.component;

import com.camelexchange.client.ClientResources;
import com.camelexchange.client.ClientSettings;
import com.camelexchange.client.Credentials;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.HttpTransport;
import com.camelexchange.client.MarketDirectory;
import com.camelexchange.client.RetryPolicy;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.feed.core.SharedReads;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.stream.StreamSessions;
import com.camelexchange.component.consumer.ConsumerHealthChecks;
import com.camelexchange.component.metrics.MetricsLookup;
import com.camelexchange.component.metrics.ObservedRateBudgets;
import com.camelexchange.component.paper.LiveMarketAccess;
import com.camelexchange.component.paper.PaperExchange;
import com.camelexchange.component.paper.PaperMode;
import com.camelexchange.component.paper.PaperOptions;
import com.camelexchange.component.paper.PaperProvider;
import com.camelexchange.component.paper.PaperSettings;
import org.apache.camel.Endpoint;
import org.apache.camel.SSLContextParametersAware;
import org.apache.camel.spi.ExecutorServiceManager;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.support.jsse.SSLContextParameters;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import javax.net.ssl.SSLContext;

/**
 * The {@code exchange:} component. It owns what all its endpoints share: one pooled HTTP client with the
 * thread that aborts calls past their deadline, the client-side rate limiters (so many endpoints together
 * never exceed the exchange's limits), the market list of each address, the JSON mapper, and the scheduler and
 * shared replies of its polling consumers. Endpoint options set here are defaults every endpoint copies.
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
                            + " again, in milliseconds; it doubles per failed attempt, with jitter.")
    private long reconnectDelay = 500;
    @Metadata(label = "consumer,advanced", defaultValue = "30000",
              description = "Streaming consumers: the longest delay between attempts to open a WebSocket"
                            + " connection, in milliseconds.")
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
    @Metadata(label = "paper", defaultValue = "0",
              description = "Paper trading: the share, from 0 to 1, of a live trade at exactly a resting paper"
                            + " order's price that fills the order. By default only a trade through the price fills"
                            + " it, since the order's place in the queue at that price is unknown.")
    private String paperFillAtTouch;
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

    private final MarketDataTaps taps = new MarketDataTaps();
    private PaperMode paperMode;
    /** Guarded by this: between doStop and the next doStart (Camel counts a component not yet started as stopped). */
    private boolean stopped;
    /**
     * Counts the component's starts: a client made before the last stop holds a transport, a paper exchange and
     * budgets that stopped with it, so an endpoint makes its client again when this moved on.
     */
    private volatile long starts;
    private LiveMarketAccess liveMarket;
    /** Guarded by this: the keyless client of {@link #liveMarket}, per start. */
    private ExchangeClient liveClient;
    private PaperProvider.Recorder recorder;
    private Clock candleClock = Clock.systemUTC();
    /** The client's resources the endpoints share: connection pool, budgets, market lists, streams; per start. */
    private ClientResources resources;
    private Metrics metrics;
    private ObservedRateBudgets budgets;
    private ScheduledExecutorService polls;
    private final SharedReads sharedReads = new SharedReads();

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        ExchangeOperation operation = operation(remaining);
        ExchangeEndpoint endpoint = new ExchangeEndpoint(uri, this, operation, configuration.copy());
        setProperties(endpoint, parameters);
        endpoint.checkOptions();
        return endpoint;
    }

    private static ExchangeOperation operation(String remaining) {
        for (ExchangeOperation op : ExchangeOperation.values()) {
            if (op.name().equals(remaining)) {
                return op;
            }
        }
        throw new IllegalArgumentException("Unknown exchange operation '" + remaining + "'; allowed: "
                                           + ExchangeOperation.NAMES.replace(",", ", "));
    }

    /**
     * A client for an endpoint's settings and keys, on the shared transport, the market-data limits, the
     * trade-API limits of its variant and the market list of its address.
     */
    ExchangeClient newClient(ExchangeConfiguration conf) {
        ClientSettings settings = new ClientSettings(conf.getBaseUrl(), conf.getTradeUrl(), conf.getUserAgent(),
                Duration.ofMillis(conf.getRequestTimeout()), conf.getMaxReplySize(),
                Duration.ofMillis(conf.getCallTimeout()));
        PaperMode paperMode = paper ? paperMode() : null;
        // In paper mode the user's keys are never given to a client: nothing can be signed with them.
        Credentials credentials = !paper && conf.getAccessKey() != null && conf.getSecretKey() != null
                ? new Credentials(conf.getAccessKey(), conf.getSecretKey()) : null;
        return resources().client(settings, conf.getApiVariant(), credentials,
                new RetryPolicy(conf.getReadRetries(), Duration.ofMillis(conf.getReadRetryDelay())), taps, paperMode);
    }

    /** How many times the component started; an endpoint's client made at an earlier count is one of a stopped run. */
    long starts() {
        return starts;
    }

    /** The paper mode, set up with the first client or at start; null when {@code paper} is off. */
    private synchronized PaperMode paperMode() {
        if (paper && paperMode == null) {
            if (stopped) {
                // Never a client with the user's keys instead, nor a paper exchange nobody would stop.
                throw new IllegalStateException("The exchange component is stopped: its paper exchange is gone");
            }
            PaperSettings settings = new PaperSettings(configuration.getApiVariant(),
                    PaperOptions.balances(paperBalances), PaperOptions.fillAtTouch(paperFillAtTouch),
                    paperStateRepository, paperStateKey);
            // The paper account's own limits: its calls never spend the live service's budget.
            TradeRateLimits limits = clientRateLimits ? new TradeRateLimits(configuration.getApiVariant(),
                    RateBudgets.local(), Duration.ofMillis(rateLimitMaxWait)) : TradeRateLimits.off(
                    configuration.getApiVariant());
            paperMode = new PaperMode(PaperMode.provider(getCamelContext(), "paper"), settings, liveMarket(), limits);
        }
        return paperMode;
    }

    private synchronized LiveMarketAccess liveMarket() {
        if (liveMarket == null) {
            liveMarket = new LiveMarketAccess(this::liveClient, paperStreaming, Duration.ofMillis(paperPollDelay),
                    (name, health) -> ConsumerHealthChecks.registerFeed(getCamelContext(), name, health));
        }
        return liveMarket;
    }

    /**
     * The client the live market is read and followed with: the component's settings without keys (in paper mode no
     * client holds them anyway), on the component's resources; made with the first read.
     */
    private synchronized ExchangeClient liveClient() {
        if (liveClient == null) {
            ExchangeConfiguration conf = configuration.copy();
            conf.setAccessKey(null);
            conf.setSecretKey(null);
            liveClient = newClient(conf);
        }
        return liveClient;
    }

    /**
     * The paper exchange of this component in paper mode, once the first signed call started it; null otherwise.
     * Its {@link PaperExchange#report} writes the run's report at any time.
     */
    public PaperExchange paperExchange() {
        PaperMode mode;
        synchronized (this) {
            mode = paperMode;
        }
        return mode == null ? null : mode.runningExchange();
    }

    /**
     * Where the component's meters go: the {@code meterRegistry}, else the Micrometer registry bound in the
     * context; nothing without Micrometer. Looked up once, when the first endpoint needs a client.
     */
    synchronized Metrics metrics() {
        if (metrics == null) {
            metrics = MetricsLookup.lookUp(getCamelContext(), meterRegistry);
        }
        return metrics;
    }

    /**
     * The client's resources the endpoints share, made from the component's options with the first client: the
     * connection pool, the budgets, the market lists, the JSON reader and the streams, on threads of Camel's
     * ExecutorServiceManager.
     */
    private synchronized ClientResources resources() {
        if (resources == null) {
            SSLContext ssl = sslContext();
            resources = ClientResources.builder().connectTimeout(Duration.ofMillis(connectTimeout))
                    .proxy(proxyHost, proxyPort == null ? 0 : proxyPort).sslContext(ssl)
                    .maxConnections(maxConnections).rateLimits(clientRateLimits)
                    .marketDataRequestsPerSecond(marketDataRequestsPerSecond)
                    .rateLimitMaxWait(Duration.ofMillis(rateLimitMaxWait)).rateBudgets(budgets()).metrics(metrics())
                    .keepAliveInterval(Duration.ofMillis(keepAliveInterval))
                    .silenceTimeout(Duration.ofMillis(silenceTimeout))
                    .channelSilenceTimeout(Duration.ofMillis(channelSilenceTimeout))
                    .reconnectDelay(Duration.ofMillis(reconnectDelay))
                    .maxReconnectDelay(Duration.ofMillis(maxReconnectDelay))
                    .maxFrameSize(configuration.getMaxReplySize()).streamThreads(streamThreads)
                    .streamCatchUps(streamCatchUps).threads(new CamelThreads(this)).build();
        }
        return resources;
    }

    /** The connection pool the endpoints share. */
    HttpTransport transport() {
        return resources().transport();
    }

    /**
     * The scheduler every polling consumer of the component polls on, unless its route chose its own; created
     * with the first one, {@code pollThreads} threads.
     */
    public synchronized ScheduledExecutorService pollScheduler() {
        if (polls == null) {
            if (pollThreads < 1) {
                throw new ExchangeValidationException("option pollThreads", pollThreads
                        + " is out of range; at least 1");
            }
            polls = getCamelContext().getExecutorServiceManager().newScheduledThreadPool(this, "ExchangePolls",
                    pollThreads);
        }
        return polls;
    }

    /** The market-data replies the polling consumers of the component share. */
    public SharedReads sharedReads() {
        return sharedReads;
    }

    /** The component's WebSocket sessions, one per address, created with the first streaming consumer. */
    public StreamSessions streams() {
        return resources().streams();
    }

    private synchronized RateBudgets budgets() {
        if (budgets == null) {
            budgets = new ObservedRateBudgets(rateBudgets != null ? rateBudgets : RateBudgets.local(), metrics());
        }
        return budgets;
    }

    // ---------------------------------------------------------------- for the dev console

    /** The rate budgets made so far (none while the limits are off or before the first endpoint started). */
    synchronized List<ObservedRateBudgets.Budget> rateBudgetsInUse() {
        return budgets == null ? List.of() : budgets.budgets();
    }

    /** The market list of each address used so far. */
    synchronized Map<String, MarketDirectory> marketDirectories() {
        return resources == null ? Map.of() : resources.directories();
    }

    /** The WebSocket sessions, or null before a streaming consumer started. */
    synchronized StreamSessions streamsIfOpen() {
        return resources == null ? null : resources.streamsIfOpen();
    }

    /** Where meters go, or null before the first endpoint needed a client. */
    synchronized Metrics metricsIfResolved() {
        return metrics;
    }

    private SSLContext sslContext() {
        SSLContextParameters params = sslContextParameters;
        if (params == null && useGlobalSslContextParameters) {
            params = retrieveGlobalSslContextParameters();
        }
        if (params == null) {
            return null;
        }
        try {
            return params.createSSLContext(getCamelContext());
        } catch (Exception e) {
            throw new IllegalStateException("Cannot create the TLS context from sslContextParameters", e);
        }
    }

    @Override
    protected synchronized void doStart() throws Exception {
        super.doStart();
        stopped = false;
        starts++;
        if (metrics != null) {
            metrics.start();
        }
        // A missing camel-exchange-paper or a bad paper option fails the start, not a later call.
        paperMode();
        if (recordTo != null && recorder == null) {
            recorder = PaperMode.provider(getCamelContext(), "recordTo").record(Path.of(recordTo), liveMarket());
            taps.add(recorder);
        }
    }

    @Override
    protected void doStop() throws Exception {
        // The paper exchange and the recorder stop without the component's lock: a first signed call may be starting
        // the paper exchange, which reads the live market through this component and so waits for that lock.
        PaperMode stoppingPaper;
        PaperProvider.Recorder stoppingRecorder;
        synchronized (this) {
            stopped = true;
            stoppingPaper = paperMode;
            paperMode = null;
            liveMarket = null;
            liveClient = null;
            stoppingRecorder = recorder;
            recorder = null;
            if (stoppingRecorder != null) {
                taps.remove(stoppingRecorder);
            }
        }
        try {
            if (stoppingPaper != null) {
                stoppingPaper.stop(paperReportTo);
            }
        } finally {
            try {
                if (stoppingRecorder != null) {
                    stoppingRecorder.close();
                }
            } finally {
                stopSharedResources();
            }
        }
    }

    /** The WebSocket sessions, the poll scheduler, the transport and the meters that the endpoints shared. */
    private synchronized void stopSharedResources() throws Exception {
        if (resources != null) {
            resources.close();
            resources = null;
        }
        if (polls != null) {
            // The polling consumers stopped before their component: what is left are tasks of none.
            getCamelContext().getExecutorServiceManager().shutdownNow(polls);
            polls = null;
        }
        if (metrics != null) {
            metrics.stop();
        }
        super.doStop();
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
}
