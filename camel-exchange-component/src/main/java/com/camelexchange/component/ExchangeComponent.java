package com.camelexchange.component;

import com.camelexchange.client.ClientResources;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.component.consumer.ConsumerDeliveries;
import com.camelexchange.component.consumer.ConsumerHealthChecks;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.PaperExchange;
import com.camelexchange.client.paper.PaperRun;
import com.camelexchange.client.paper.PaperSettings;
import org.apache.camel.Endpoint;
import org.apache.camel.SSLContextParametersAware;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.support.jsse.SSLContextParameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The {@code exchange:} component: the endpoints it makes and the lifecycle of what they share. What all endpoints
 * share (one client's resources: connection pool, rate budgets, market lists, streams; the meters; the polling
 * consumers' scheduler and shared replies) is {@link SharedResources}; paper mode and recording of a run are
 * {@link PaperRun}.
 * <p>
 * Its options live in three configurations, as Camel's own components keep theirs: {@link ExchangeConfiguration},
 * the endpoint options, set here as defaults every endpoint copies; {@link ExchangeResourcesConfiguration}, the
 * options of the shared resources; {@link ExchangePaperConfiguration}, those of paper trading, recording and
 * backtest. The generated metadata and configurer list every option of all three under its own name (the two
 * holders of component-only options are not options themselves), and each one keeps its getter and setter here.
 * Every component option is checked when the component starts.
 */
@Component("exchange")
// The holders of the component-only options are no options of their own: their options are listed by name.
@Metadata(excludeProperties = "resourcesConfiguration,paperConfiguration")
public class ExchangeComponent extends HealthCheckComponent implements SSLContextParametersAware {

    @Metadata(description = "Defaults for the options of every endpoint of this component.")
    private ExchangeConfiguration configuration = new ExchangeConfiguration();
    @Metadata(description = "The options of what all endpoints share: connections, rate limits, threads, streaming"
                            + " timings and meters.")
    private ExchangeResourcesConfiguration resourcesConfiguration = new ExchangeResourcesConfiguration();
    @Metadata(description = "The options of paper trading, recording and backtest.")
    private ExchangePaperConfiguration paperConfiguration = new ExchangePaperConfiguration();


    private final MarketDataTaps taps = new MarketDataTaps();
    private final SharedResources shared = new SharedResources(this);
    private final WebSocketTradingClients webSocketClients = new WebSocketTradingClients(this::newClient);
    private final ConsumerDeliveries deliveries = new ConsumerDeliveries();
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
        ExchangeClient.Builder client = ExchangeClient.builder().resources(shared.client())
                .baseUrl(conf.getBaseUrl()).tradeUrl(conf.getTradeUrl()).websocketUrl(conf.getWebsocketUrl())
                .apiVariant(conf.getApiVariant()).userAgent(conf.getUserAgent())
                .requestTimeout(Duration.ofMillis(conf.getRequestTimeout()))
                .callTimeout(Duration.ofMillis(conf.getCallTimeout())).maxReplySize(conf.getMaxReplySize())
                .readRetries(conf.getReadRetries(), Duration.ofMillis(conf.getReadRetryDelay())).tap(taps);
        if (paperTrading()) {
            // In paper mode the user's keys are never given to a client: nothing can be signed with them.
            paperRun().configure(client);
        } else if (conf.getAccessKey() != null && conf.getSecretKey() != null) {
            client.keys(conf.getAccessKey(), conf.getSecretKey());
        }
        return client.build();
    }

    /**
     * The client a producer with {@code tradeOver=WEBSOCKET} calls with: shared by every endpoint of the same keys and
     * settings, so that routes add no WebSocket connection.
     */
    ExchangeClient webSocketClient(ExchangeConfiguration conf) {
        return webSocketClients.overWebSocket(conf);
    }

    /** How many clients trade over the WebSocket now, for the dev console and tests: one connection at most each. */
    int webSocketTradingClients() {
        return webSocketClients.size();
    }

    /** Whether signed operations go to the paper exchange: paper mode, or a backtest ({@code replayFrom}). */
    public boolean paperTrading() {
        return paperConfiguration.paperTrading();
    }

    /** The backtest of this run; null unless {@code replayFrom} is set. */
    public Backtest backtest() {
        return getReplayFrom() == null ? null : paperRun().backtest();
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
            ExchangePaperConfiguration paper = paperConfiguration;
            String replayFrom = paper.getReplayFrom();
            PaperSettings account = paper.paperTrading() ? paper.account(variant, paperClock) : null;
            try {
                PaperRun.Builder run = PaperRun.builder().account(account).streaming(paper.isPaperStreaming())
                        .pollDelay(Duration.ofMillis(paper.getPaperPollDelay())).liveMarketFrom(this::keylessClient)
                        .feedChecks((name, health) -> ConsumerHealthChecks.registerFeed(getCamelContext(), name,
                                health)).classLoader(paperLoader());
                if (paper.getPaperReportTo() != null) {
                    run.reportTo(Path.of(paper.getPaperReportTo()));
                }
                if (paper.getRecordTo() != null) {
                    run.recordTo(Path.of(paper.getRecordTo()));
                }
                if (replayFrom != null) {
                    run.replayFrom(Path.of(replayFrom)).replayMarkets(paper.getReplayMarkets());
                }
                paperRun = run.open();
            } catch (IOException e) {
                throw new UncheckedIOException(replayFrom != null ? "Cannot run a backtest on " + replayFrom + ": "
                        + e.getMessage() : "Cannot record to " + paper.getRecordTo(), e);
            }
            if (paperRun.recorder() != null) {
                taps.add(paperRun.recorder());
            }
        }
        return paperRun;
    }

    /** Where camel-exchange-paper is looked for: the application's class loader when the context has one. */
    private ClassLoader paperLoader() {
        ClassLoader loader = getCamelContext().getApplicationContextClassLoader();
        return loader != null ? loader : ExchangeComponent.class.getClassLoader();
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
        PaperRun run;
        synchronized (this) {
            run = paperRun;
        }
        return run == null ? null : run.runningExchange();
    }

    /** Where the component's meters go; looked up once, when the first endpoint needs a client. */
    Metrics metrics() {
        return shared.metrics();
    }

    /** What the endpoints share, for the dev console. */
    SharedResources shared() {
        return shared;
    }

    /** The scheduler every polling consumer polls on, unless its route chose its own: {@code pollThreads} threads. */
    public ScheduledExecutorService pollScheduler() {
        return shared.pollScheduler();
    }

    /**
     * The client resources every endpoint of the component shares (connection pool, budgets, market lists, WebSocket
     * sessions, shared replies), made with the first endpoint's client; their status methods tell how they stand.
     */
    public ClientResources clientResources() {
        return shared.client();
    }

    /** The context's TLS settings, for {@code useGlobalSslContextParameters}. */
    SSLContextParameters globalSslContextParameters() {
        return retrieveGlobalSslContextParameters();
    }

    @Override
    protected synchronized void doStart() throws Exception {
        // A bad component option fails the start naming it, not the first call, poll or stream that would use it.
        resourcesConfiguration.check();
        paperConfiguration.check();
        super.doStart();
        stopped = false;
        starts++;
        deliveries.open();
        if (!getCamelContext().getLifecycleStrategies().contains(deliveries)) {
            getCamelContext().addLifecycleStrategy(deliveries);
        }
        shared.start();
        // A missing camel-exchange-paper fails the start, not a later call.
        if (getReplayFrom() != null) {
            BacktestEnd.requireNotStarted(getCamelContext());
        }
        if (paperTrading() || getRecordTo() != null) {
            paperRun();
        }
        if (getReplayFrom() != null) {
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
                if (stopping.recorder() != null) {
                    taps.remove(stopping.recorder());
                }
                stopping.stop();
            }
        } finally {
            // Before the resources, so that a write waiting on a session can still be looked up over them.
            webSocketClients.closeAll();
            shared.stop();
            super.doStop();
        }
    }

    /** What the consumers deliver now: a stopping context waits for it before any route stops. */
    public ConsumerDeliveries deliveries() {
        return deliveries;
    }

    public ExchangeConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ExchangeConfiguration configuration) {
        this.configuration = configuration;
    }

    public ExchangeResourcesConfiguration getResourcesConfiguration() {
        return resourcesConfiguration;
    }

    public void setResourcesConfiguration(ExchangeResourcesConfiguration resourcesConfiguration) {
        this.resourcesConfiguration = Objects.requireNonNull(resourcesConfiguration, "resourcesConfiguration");
    }

    public ExchangePaperConfiguration getPaperConfiguration() {
        return paperConfiguration;
    }

    public void setPaperConfiguration(ExchangePaperConfiguration paperConfiguration) {
        this.paperConfiguration = Objects.requireNonNull(paperConfiguration, "paperConfiguration");
    }

    // Every component-only option by its name, as Java code has always set it: getResourcesConfiguration() and
    // getPaperConfiguration() hold the values.
    public long getConnectTimeout() { return resourcesConfiguration.getConnectTimeout(); }
    public void setConnectTimeout(long value) { resourcesConfiguration.setConnectTimeout(value); }
    public String getProxyHost() { return resourcesConfiguration.getProxyHost(); }
    public void setProxyHost(String value) { resourcesConfiguration.setProxyHost(value); }
    public Integer getProxyPort() { return resourcesConfiguration.getProxyPort(); }
    public void setProxyPort(Integer value) { resourcesConfiguration.setProxyPort(value); }
    public SSLContextParameters getSslContextParameters() { return resourcesConfiguration.getSslContextParameters(); }
    public void setSslContextParameters(SSLContextParameters value) {
        resourcesConfiguration.setSslContextParameters(value);
    }
    @Override
    public boolean isUseGlobalSslContextParameters() {
        return resourcesConfiguration.isUseGlobalSslContextParameters();
    }
    @Override
    public void setUseGlobalSslContextParameters(boolean value) {
        resourcesConfiguration.setUseGlobalSslContextParameters(value);
    }
    public int getMaxConnections() { return resourcesConfiguration.getMaxConnections(); }
    public void setMaxConnections(int value) { resourcesConfiguration.setMaxConnections(value); }
    public int getMarketDataRequestsPerSecond() { return resourcesConfiguration.getMarketDataRequestsPerSecond(); }
    public void setMarketDataRequestsPerSecond(int value) {
        resourcesConfiguration.setMarketDataRequestsPerSecond(value);
    }
    public long getRateLimitMaxWait() { return resourcesConfiguration.getRateLimitMaxWait(); }
    public void setRateLimitMaxWait(long value) { resourcesConfiguration.setRateLimitMaxWait(value); }
    public boolean isClientRateLimits() { return resourcesConfiguration.isClientRateLimits(); }
    public void setClientRateLimits(boolean value) { resourcesConfiguration.setClientRateLimits(value); }
    public RateBudgets getRateBudgets() { return resourcesConfiguration.getRateBudgets(); }
    public void setRateBudgets(RateBudgets value) { resourcesConfiguration.setRateBudgets(value); }
    public int getPollThreads() { return resourcesConfiguration.getPollThreads(); }
    public void setPollThreads(int value) { resourcesConfiguration.setPollThreads(value); }
    public long getKeepAliveInterval() { return resourcesConfiguration.getKeepAliveInterval(); }
    public void setKeepAliveInterval(long value) { resourcesConfiguration.setKeepAliveInterval(value); }
    public long getSilenceTimeout() { return resourcesConfiguration.getSilenceTimeout(); }
    public void setSilenceTimeout(long value) { resourcesConfiguration.setSilenceTimeout(value); }
    public long getChannelSilenceTimeout() { return resourcesConfiguration.getChannelSilenceTimeout(); }
    public void setChannelSilenceTimeout(long value) { resourcesConfiguration.setChannelSilenceTimeout(value); }
    public long getReconnectDelay() { return resourcesConfiguration.getReconnectDelay(); }
    public void setReconnectDelay(long value) { resourcesConfiguration.setReconnectDelay(value); }
    public long getMaxReconnectDelay() { return resourcesConfiguration.getMaxReconnectDelay(); }
    public void setMaxReconnectDelay(long value) { resourcesConfiguration.setMaxReconnectDelay(value); }
    public int getStreamThreads() { return resourcesConfiguration.getStreamThreads(); }
    public void setStreamThreads(int value) { resourcesConfiguration.setStreamThreads(value); }
    public int getStreamCatchUps() { return resourcesConfiguration.getStreamCatchUps(); }
    public void setStreamCatchUps(int value) { resourcesConfiguration.setStreamCatchUps(value); }
    public Object getMeterRegistry() { return resourcesConfiguration.getMeterRegistry(); }
    public void setMeterRegistry(Object value) { resourcesConfiguration.setMeterRegistry(value); }

    public boolean isPaper() { return paperConfiguration.isPaper(); }
    public void setPaper(boolean value) { paperConfiguration.setPaper(value); }
    public String getPaperBalances() { return paperConfiguration.getPaperBalances(); }
    public void setPaperBalances(String value) { paperConfiguration.setPaperBalances(value); }
    public String getPaperFillModel() { return paperConfiguration.getPaperFillModel(); }
    public void setPaperFillModel(String value) { paperConfiguration.setPaperFillModel(value); }
    public String getPaperFillAtTouch() { return paperConfiguration.getPaperFillAtTouch(); }
    public void setPaperFillAtTouch(String value) { paperConfiguration.setPaperFillAtTouch(value); }
    public long getPaperLatency() { return paperConfiguration.getPaperLatency(); }
    public void setPaperLatency(long value) { paperConfiguration.setPaperLatency(value); }
    public int getPaperClockSkew() { return paperConfiguration.getPaperClockSkew(); }
    public void setPaperClockSkew(int value) { paperConfiguration.setPaperClockSkew(value); }
    public StateRepository<String, String> getPaperStateRepository() {
        return paperConfiguration.getPaperStateRepository();
    }
    public void setPaperStateRepository(StateRepository<String, String> value) {
        paperConfiguration.setPaperStateRepository(value);
    }
    public String getPaperStateKey() { return paperConfiguration.getPaperStateKey(); }
    public void setPaperStateKey(String value) { paperConfiguration.setPaperStateKey(value); }
    public boolean isPaperStreaming() { return paperConfiguration.isPaperStreaming(); }
    public void setPaperStreaming(boolean value) { paperConfiguration.setPaperStreaming(value); }
    public long getPaperPollDelay() { return paperConfiguration.getPaperPollDelay(); }
    public void setPaperPollDelay(long value) { paperConfiguration.setPaperPollDelay(value); }
    public String getPaperReportTo() { return paperConfiguration.getPaperReportTo(); }
    public void setPaperReportTo(String value) { paperConfiguration.setPaperReportTo(value); }
    public String getRecordTo() { return paperConfiguration.getRecordTo(); }
    public void setRecordTo(String value) { paperConfiguration.setRecordTo(value); }
    public String getReplayFrom() { return paperConfiguration.getReplayFrom(); }
    public void setReplayFrom(String value) { paperConfiguration.setReplayFrom(value); }
    public String getReplayMarkets() { return paperConfiguration.getReplayMarkets(); }
    public void setReplayMarkets(String value) { paperConfiguration.setReplayMarkets(value); }

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
        this.paperClock = Objects.requireNonNull(paperClock, "paperClock");
    }
}
