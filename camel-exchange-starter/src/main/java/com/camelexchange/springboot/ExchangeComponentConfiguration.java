package com.camelexchange.springboot;

import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.component.ExchangeConfiguration;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spring.boot.ComponentConfigurationPropertiesCommon;
import org.apache.camel.support.jsse.SSLContextParameters;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Every option of the {@code exchange} component as {@code camel.component.exchange.*} properties. The
 * descriptions and defaults are those of the component's metadata ({@code exchange.json}); a test keeps the
 * two in step. Values left unset are not copied, so the component's own defaults apply.
 */
@ConfigurationProperties(prefix = "camel.component.exchange")
public class ExchangeComponentConfiguration extends ComponentConfigurationPropertiesCommon {

    /**
     * Which published variant of the API the exchange speaks: A (batch orders, custom order ids, minimum
     * sizes) or B.
     */
    private ApiVariant apiVariant = ApiVariant.A;

    /**
     * The address of the market-data interface, e.g. http://127.0.0.1:8080; /data/v1/ and the operation's name are appended.
     */
    private String baseUrl;

    /**
     * Defaults for the options of every endpoint of this component. Give a bean reference such as #myBean.
     */
    private ExchangeConfiguration configuration;

    /**
     * The market: trade coin and pricing coin joined by an underscore, such as btc_usdt. Required by
     * ticker, depth, trades and kline.
     */
    private String market;

    /**
     * depth: merge levels into buckets of this price step (a decimal, e.g. 0.1); the exchange then returns
     * 5 levels.
     */
    private String merge;

    /**
     * Reads (market data and signed queries): how many times to try again after a failure that may pass
     * (HTTP error, lost connection, broken reply). Writes are never retried blindly.
     */
    private Integer readRetries = 2;

    /**
     * Reads: the first delay before trying again, in milliseconds; it doubles each time.
     */
    private Long readRetryDelay = 500L;

    /**
     * trades: start after this trade id. kline: start at candles opening at or after this time (epoch
     * milliseconds). A consumer without it, and without a stored position, starts from now.
     */
    private Long since;

    /**
     * depth: number of levels, 1-50 (default 50). kline: maximum number of candles per request, 1-1000
     * (default 1000).
     */
    private Integer size;

    /**
     * The address of the signed trading interface; /api/ and the method's name are appended. Defaults to the baseUrl.
     */
    private String tradeUrl;

    /**
     * kline: the candle period.
     */
    private String type = "1min";

    /**
     * Allows for bridging the consumer to the Camel routing Error Handler, which mean any exceptions (if
     * possible) occurred while the Camel consumer is trying to pickup incoming messages, or the likes,
     * will now be processed as a message and handled by the routing Error Handler. Important: This is only
     * possible if the 3rd party component allows Camel to be alerted if an exception was thrown. Some
     * components handle this internally only, and therefore bridgeErrorHandler is not possible. In other
     * situations we may improve the Camel component to hook into the 3rd party component and make this
     * possible for future releases. By default the consumer will use the
     * org.apache.camel.spi.ExceptionHandler to deal with exceptions, that will be logged at WARN or ERROR
     * level and ignored.
     */
    private Boolean bridgeErrorHandler = false;

    /**
     * orders and withdrawals: the most events one poll emits. The rest come with the next poll, in order, none
     * lost; this bounds the memory a poll takes, e.g. when a first start announces thousands of open orders.
     */
    private Integer maxEventsPerPoll = 1000;

    /**
     * trades and kline: how many pages (50 trades or up to size candles) one poll may fetch while catching up.
     * orders: how many pages of each order listing, and how many single-order look-ups, one poll may spend.
     * withdrawals: how many pages of records one poll may fetch.
     */
    private Integer maxPagesPerPoll = 20;

    /**
     * ticker: emit a ticker only when a price or the volume changed since the last one emitted.
     */
    private Boolean onlyChanges = false;

    /**
     * allTicker: emit one message per market (true) or one message with the map of all tickers (false).
     */
    private Boolean splitResult = true;

    /**
     * trades, kline, orders and withdrawals: the key of the position in the state repository. Defaults to
     * operation:market (and :type for kline), withdrawals:coin for withdrawals.
     */
    private String stateKey;

    /**
     * trades, kline, orders and withdrawals: where to keep the position (the last trade id or candle time
     * emitted; for orders and withdrawals the newest one announced and those still open or pending, as JSON),
     * so that a restart resumes with no gap and no duplicate. The position is stored once an exchange
     * completes. Give a bean reference such as #myBean.
     */
    private StateRepository<String, String> stateRepository;

    /**
     * order, orderMoreV2: 0 spot (default), 1 margin. A body or header overrides it.
     */
    private Integer acctType;

    /**
     * getUserAddress, getWithdrawAddress, getWithdrawRecord: the coin, e.g. btc.
     */
    private String coin;

    /**
     * Whether the producer should be started lazy (on the first message). By starting lazy you can use
     * this to allow CamelContext and routes to startup in situations where a producer may otherwise fail
     * during starting and cause the route to fail being started. By deferring this startup to be lazy then
     * the startup failure can be handled during routing messages via Camel's routing error handlers.
     * Beware that when the first message is processed then creating and starting the producer may take a
     * little time and prolong the total processing time of the processing.
     */
    private Boolean lazyStartProducer = false;

    /**
     * order (variant A): a plain limit order, PostOnly or IOC.
     */
    private String orderType;

    /**
     * Paged queries: the page, 1-10000.
     */
    private Integer pageIndex = 1;

    /**
     * Paged queries: records per page. Order queries: 1-10 in variant A, 1-100 in variant B. Withdrawal
     * records: 1-100.
     */
    private Integer pageSize = 10;

    /**
     * order, orderMoreV2: round a price or amount with more decimals than the market allows down to its
     * scale, instead of refusing it.
     */
    private Boolean roundDown = false;

    /**
     * order, orderMoreV2, getOrders: the side, buy or sell (1 or 0 also accepted).
     */
    private String tradeType;

    /**
     * Whether autowiring is enabled. This is used for automatic autowiring options (the option must be
     * marked as autowired) by looking up in the registry to find if there is a single instance of matching
     * type, which then gets configured on the component. This can be used for automatic configuring JDBC
     * data sources, JMS connection factories, AWS Clients, etc.
     */
    private Boolean autowiredEnabled = true;

    /**
     * Keep to the exchange's request limits on the client side. Switch it off only for a test exchange
     * without limits, e.g. in load tests.
     */
    private Boolean clientRateLimits = true;

    /**
     * How long to wait for a connection, in milliseconds.
     */
    private Long connectTimeout = 5000L;

    /**
     * Market-data requests (other than K-lines) per second that all endpoints together may send; 0 for no
     * limit. K-line requests are always kept to one a second.
     */
    private Integer marketDataRequestsPerSecond = 10;

    /**
     * The size of the keep-alive connection pool shared by all endpoints.
     */
    private Integer maxConnections = 20;

    /**
     * Polling consumers: how many threads run the polls of all polling consumers of the component (a route's
     * own processing of what it polled included), instead of one thread per route. A route that sets its own
     * scheduler or scheduledExecutorService polls on that. A poll waiting for a rate-limit permit or a reply holds
     * its thread meanwhile: raise it when routes do slow work on the polling thread.
     */
    private Integer pollThreads = 4;

    /**
     * A proxy host to reach the exchange through. Requests to loopback addresses (localhost, 127.x, ::1), such as
     * the paper exchange's, go direct.
     */
    private String proxyHost;

    /**
     * The port of the proxy.
     */
    private Integer proxyPort;

    /**
     * A Micrometer MeterRegistry (io.micrometer.core.instrument.MeterRegistry) to record the component's meters
     * into (names starting with camel.exchange). By default the one bound in the registry (camel-micrometer's,
     * Spring Boot Actuator's) is used; without Micrometer on the classpath, or without a registry, nothing is
     * recorded. Give a bean reference such as #myRegistry (a text here: Camel looks the bean up when it
     * configures the component, so the starter needs no Micrometer of its own).
     */
    private String meterRegistry;

    /**
     * Where the rate-limit windows are kept. By default each instance keeps its own; bind a shared
     * implementation (camel-exchange-cluster's ZooKeeperRateBudgets) so that all instances using one key, user
     * or IP share one budget and together stay within the exchange's limits. Give a bean reference such as
     * #myBean; a single bean of the type is found without one (autowired).
     */
    private RateBudgets rateBudgets;

    /**
     * How long a request may wait for a rate-limit permit, in milliseconds, before it fails without being
     * sent.
     */
    private Long rateLimitMaxWait = 30000L;

    /**
     * The deadline of each HTTP request, in milliseconds: waiting for a connection, connecting, sending and
     * reading the whole reply. Past it the request is aborted. The whole call, with a read's retries, a write's
     * look-ups and the waits for a rate-limit permit, is bounded by callTimeout.
     */
    private Long requestTimeout = 10000L;

    /**
     * The deadline of a whole call, in milliseconds: the wait for a rate-limit permit, every attempt of a read
     * (each bounded by requestTimeout too) and the delays between them; for a write, also the read before it and
     * the look-ups after a lost reply. A read that runs out of it fails with ExchangeTransportException,
     * timedOut() true; a write whose look-up has no time left, with ExchangeOrderStateUnknownException.
     */
    private Long callTimeout = 30000L;

    /**
     * The largest reply read, in bytes; a larger reply is refused without being read on.
     */
    private Integer maxReplySize = 4194304;

    /**
     * ticker, depth, trades and kline consumers: take the exchange's pushes over its WebSocket instead of
     * polling. Pushes arrive as the market changes and spend no requests; trades and K-lines catch up over
     * REST from their position at start and after every reconnect, so nothing is skipped or repeated. depth
     * with a size of 10 or less reads the exchange's short book (quick depth).
     */
    private Boolean streaming = false;

    /**
     * The address of the exchange's WebSocket, used by consumers with streaming=true. Defaults to the
     * baseUrl with ws:// (or wss:// for https) and /websocket appended; the short depth book is read from
     * this address followed by / and the trade coin, e.g. /btc.
     */
    private String websocketUrl;

    /**
     * Streaming consumers: how often a ping keeps the WebSocket connection alive, in milliseconds.
     */
    private Long keepAliveInterval = 3000L;

    /**
     * Streaming consumers: a WebSocket connection that brings nothing at all (no push, no answer to a
     * ping) for this long, in milliseconds, is taken as dead and opened again.
     */
    private Long silenceTimeout = 10000L;

    /**
     * Streaming consumers: the longest a subscribed channel may push nothing while its WebSocket connection is
     * alive, in milliseconds. How long a channel may stay silent is learned from its own pace, between
     * silenceTimeout and this; a channel silent longer is checked (trades and K-lines catch up over REST,
     * tickers and books are subscribed again) and, when it missed pushes, reported and subscribed again,
     * backing off up to this. Meanwhile a trades or K-line consumer reads its data over REST at its polling
     * delay until the channel pushes again. A ticker or book that does not change is quiet, not silent.
     */
    private Long channelSilenceTimeout = 60000L;

    /**
     * Streaming consumers: the first delay before opening a dropped WebSocket connection again, in
     * milliseconds; it doubles per failed attempt, with jitter.
     */
    private Long reconnectDelay = 500L;

    /**
     * Streaming consumers: the longest delay between attempts to open a WebSocket connection, in
     * milliseconds.
     */
    private Long maxReconnectDelay = 30000L;

    /**
     * Streaming consumers: the threads that turn the pushes of all streaming consumers of the component into
     * exchanges, however many routes stream. Each consumer runs on one of them at a time, in order; a route that
     * blocks holds one while it blocks, so raise it when several routes may block at once (a slow database, a
     * remote call).
     */
    private Integer streamThreads = 4;

    /**
     * Streaming consumers: how many catch up over REST at once (at start from a stored position, after a
     * reconnect or a lost push). The others wait their turn, first come, first served, so that hundreds of
     * streams starting together do not all ask the market-data budget at the same moment.
     */
    private Integer streamCatchUps = 2;

    /**
     * Paper trading: every signed operation of the component's endpoints (orders, cancels, order queries, the
     * account, the address and withdrawal-record reads, the orders and withdrawals consumers) goes to an in-process
     * paper exchange with an account of its own, while market data still comes from the exchange at baseUrl. No
     * signed request reaches the exchange: the endpoints' accessKey and secretKey are never used, and not needed.
     * The paper account has no withdrawals, and no address money could be sent to: its deposit address of btc is
     * paper-btc-not-a-deposit-address. Needs com.camelexchange:camel-exchange-paper on the classpath.
     */
    private Boolean paper = false;

    /**
     * Paper trading: what the paper account starts with, per coin, e.g. usdt=10000,btc=0.5; coins not named start
     * at zero. Required with paper=true. An account kept in the paperStateRepository goes on with its own balances
     * instead.
     */
    private String paperBalances;

    /**
     * Paper trading: the share, from 0 to 1, of a live trade at exactly a resting paper order's price that fills
     * the order. By default only a trade through the price fills it, since the order's place in the queue at that
     * price is unknown.
     */
    private String paperFillAtTouch = "0";

    /**
     * Paper trading: where the paper account (its balances, orders and fills) is kept, so that it survives a
     * restart. It is saved every few seconds while it changes and when the component stops, and taken up again at
     * the first signed call of the next run.
     */
    private StateRepository<String, String> paperStateRepository;

    /**
     * Paper trading: the key of the paper account in the paperStateRepository.
     */
    private String paperStateKey = "camel-exchange-paper";

    /**
     * Paper trading: follow the book and trades of the markets the paper account trades over the exchange's
     * WebSocket (true) or by polling them over REST every paperPollDelay (false).
     */
    private Boolean paperStreaming = true;

    /**
     * Paper trading without streaming: how often the book and trades of each market traded are polled, in
     * milliseconds.
     */
    private Long paperPollDelay = 1000L;

    /**
     * Paper trading: a directory to write the run's report into when the component stops: a summary
     * (paper-report.txt) and a picture of the equity curve and the fills over the price (paper-report.png).
     */
    private String paperReportTo;

    /**
     * Records the market data the component receives (markets, tickers, books, trades and K-lines; replies and
     * pushes) to this file, one JSON line each, which the simulator replays. Appends to a file that exists. Needs
     * com.camelexchange:camel-exchange-paper on the classpath.
     */
    private String recordTo;

    /**
     * The User-Agent header sent with every request; the service expects a desktop-browser value.
     */
    private String userAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

    /**
     * Used for enabling or disabling all consumer based health checks from this component
     */
    private Boolean healthCheckConsumerEnabled = true;

    /**
     * Used for enabling or disabling all producer based health checks from this component. Notice: Camel
     * has by default disabled all producer based health-checks. You can turn on producer checks globally
     * by setting camel.health.producersEnabled=true.
     */
    private Boolean healthCheckProducerEnabled = true;

    /**
     * The API access key (sent as accesskey on signed calls). Shown masked by the Actuator endpoints.
     */
    private String accessKey;

    /**
     * The API secret key, used only to sign; never sent, logged or shown. Shown masked by the Actuator
     * endpoints.
     */
    private String secretKey;

    /**
     * TLS settings for https addresses. Give a bean reference such as #myBean.
     */
    private SSLContextParameters sslContextParameters;

    /**
     * Use the global TLS settings of the Camel context.
     */
    private Boolean useGlobalSslContextParameters = false;

    public ApiVariant getApiVariant() {
        return apiVariant;
    }

    public void setApiVariant(ApiVariant apiVariant) {
        this.apiVariant = apiVariant;
    }

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public ExchangeConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(ExchangeConfiguration configuration) {
        this.configuration = configuration;
    }

    public String getMarket() {
        return market;
    }

    public void setMarket(String market) {
        this.market = market;
    }

    public String getMerge() {
        return merge;
    }

    public void setMerge(String merge) {
        this.merge = merge;
    }

    public Integer getReadRetries() {
        return readRetries;
    }

    public void setReadRetries(Integer readRetries) {
        this.readRetries = readRetries;
    }

    public Long getReadRetryDelay() {
        return readRetryDelay;
    }

    public void setReadRetryDelay(Long readRetryDelay) {
        this.readRetryDelay = readRetryDelay;
    }

    public Long getSince() {
        return since;
    }

    public void setSince(Long since) {
        this.since = since;
    }

    public Integer getSize() {
        return size;
    }

    public void setSize(Integer size) {
        this.size = size;
    }

    public String getTradeUrl() {
        return tradeUrl;
    }

    public void setTradeUrl(String tradeUrl) {
        this.tradeUrl = tradeUrl;
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public Boolean getBridgeErrorHandler() {
        return bridgeErrorHandler;
    }

    public void setBridgeErrorHandler(Boolean bridgeErrorHandler) {
        this.bridgeErrorHandler = bridgeErrorHandler;
    }

    public Integer getMaxEventsPerPoll() {
        return maxEventsPerPoll;
    }

    public void setMaxEventsPerPoll(Integer maxEventsPerPoll) {
        this.maxEventsPerPoll = maxEventsPerPoll;
    }

    public Integer getMaxPagesPerPoll() {
        return maxPagesPerPoll;
    }

    public void setMaxPagesPerPoll(Integer maxPagesPerPoll) {
        this.maxPagesPerPoll = maxPagesPerPoll;
    }

    public Boolean getOnlyChanges() {
        return onlyChanges;
    }

    public void setOnlyChanges(Boolean onlyChanges) {
        this.onlyChanges = onlyChanges;
    }

    public Boolean getSplitResult() {
        return splitResult;
    }

    public void setSplitResult(Boolean splitResult) {
        this.splitResult = splitResult;
    }

    public String getStateKey() {
        return stateKey;
    }

    public void setStateKey(String stateKey) {
        this.stateKey = stateKey;
    }

    public StateRepository<String, String> getStateRepository() {
        return stateRepository;
    }

    public void setStateRepository(StateRepository<String, String> stateRepository) {
        this.stateRepository = stateRepository;
    }

    public Integer getAcctType() {
        return acctType;
    }

    public void setAcctType(Integer acctType) {
        this.acctType = acctType;
    }

    public String getCoin() {
        return coin;
    }

    public void setCoin(String coin) {
        this.coin = coin;
    }

    public Boolean getLazyStartProducer() {
        return lazyStartProducer;
    }

    public void setLazyStartProducer(Boolean lazyStartProducer) {
        this.lazyStartProducer = lazyStartProducer;
    }

    public String getOrderType() {
        return orderType;
    }

    public void setOrderType(String orderType) {
        this.orderType = orderType;
    }

    public Integer getPageIndex() {
        return pageIndex;
    }

    public void setPageIndex(Integer pageIndex) {
        this.pageIndex = pageIndex;
    }

    public Integer getPageSize() {
        return pageSize;
    }

    public void setPageSize(Integer pageSize) {
        this.pageSize = pageSize;
    }

    public Boolean getRoundDown() {
        return roundDown;
    }

    public void setRoundDown(Boolean roundDown) {
        this.roundDown = roundDown;
    }

    public String getTradeType() {
        return tradeType;
    }

    public void setTradeType(String tradeType) {
        this.tradeType = tradeType;
    }

    public Boolean getAutowiredEnabled() {
        return autowiredEnabled;
    }

    public void setAutowiredEnabled(Boolean autowiredEnabled) {
        this.autowiredEnabled = autowiredEnabled;
    }

    public Boolean getClientRateLimits() {
        return clientRateLimits;
    }

    public void setClientRateLimits(Boolean clientRateLimits) {
        this.clientRateLimits = clientRateLimits;
    }

    public Long getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Long connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public Integer getMarketDataRequestsPerSecond() {
        return marketDataRequestsPerSecond;
    }

    public void setMarketDataRequestsPerSecond(Integer marketDataRequestsPerSecond) {
        this.marketDataRequestsPerSecond = marketDataRequestsPerSecond;
    }

    public Integer getMaxConnections() {
        return maxConnections;
    }

    public void setMaxConnections(Integer maxConnections) {
        this.maxConnections = maxConnections;
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

    public String getMeterRegistry() {
        return meterRegistry;
    }

    public void setMeterRegistry(String meterRegistry) {
        this.meterRegistry = meterRegistry;
    }

    public RateBudgets getRateBudgets() {
        return rateBudgets;
    }

    public void setRateBudgets(RateBudgets rateBudgets) {
        this.rateBudgets = rateBudgets;
    }

    public Long getRateLimitMaxWait() {
        return rateLimitMaxWait;
    }

    public void setRateLimitMaxWait(Long rateLimitMaxWait) {
        this.rateLimitMaxWait = rateLimitMaxWait;
    }

    public Integer getMaxReplySize() {
        return maxReplySize;
    }

    public void setMaxReplySize(Integer maxReplySize) {
        this.maxReplySize = maxReplySize;
    }

    public Long getCallTimeout() {
        return callTimeout;
    }

    public void setCallTimeout(Long callTimeout) {
        this.callTimeout = callTimeout;
    }

    public Long getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(Long requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public String getUserAgent() {
        return userAgent;
    }

    public void setUserAgent(String userAgent) {
        this.userAgent = userAgent;
    }

    public Boolean getHealthCheckConsumerEnabled() {
        return healthCheckConsumerEnabled;
    }

    public void setHealthCheckConsumerEnabled(Boolean healthCheckConsumerEnabled) {
        this.healthCheckConsumerEnabled = healthCheckConsumerEnabled;
    }

    public Boolean getHealthCheckProducerEnabled() {
        return healthCheckProducerEnabled;
    }

    public void setHealthCheckProducerEnabled(Boolean healthCheckProducerEnabled) {
        this.healthCheckProducerEnabled = healthCheckProducerEnabled;
    }

    public String getAccessKey() {
        return accessKey;
    }

    public void setAccessKey(String accessKey) {
        this.accessKey = accessKey;
    }

    public String getSecretKey() {
        return secretKey;
    }

    public void setSecretKey(String secretKey) {
        this.secretKey = secretKey;
    }

    public SSLContextParameters getSslContextParameters() {
        return sslContextParameters;
    }

    public void setSslContextParameters(SSLContextParameters sslContextParameters) {
        this.sslContextParameters = sslContextParameters;
    }

    public Boolean getUseGlobalSslContextParameters() {
        return useGlobalSslContextParameters;
    }

    public void setUseGlobalSslContextParameters(Boolean useGlobalSslContextParameters) {
        this.useGlobalSslContextParameters = useGlobalSslContextParameters;
    }

    @Override
    public String toString() {
        // The default toString of a bean would be harmless, but say so: no option values, keys least of all.
        return "ExchangeComponentConfiguration[baseUrl=" + baseUrl + ", apiVariant=" + apiVariant + "]";
    }

    public Boolean getStreaming() {
        return streaming;
    }

    public void setStreaming(Boolean streaming) {
        this.streaming = streaming;
    }

    public String getWebsocketUrl() {
        return websocketUrl;
    }

    public void setWebsocketUrl(String websocketUrl) {
        this.websocketUrl = websocketUrl;
    }

    public Integer getPollThreads() {
        return pollThreads;
    }

    public void setPollThreads(Integer pollThreads) {
        this.pollThreads = pollThreads;
    }

    public Long getKeepAliveInterval() {
        return keepAliveInterval;
    }

    public void setKeepAliveInterval(Long keepAliveInterval) {
        this.keepAliveInterval = keepAliveInterval;
    }

    public Long getSilenceTimeout() {
        return silenceTimeout;
    }

    public void setSilenceTimeout(Long silenceTimeout) {
        this.silenceTimeout = silenceTimeout;
    }

    public Long getReconnectDelay() {
        return reconnectDelay;
    }

    public void setReconnectDelay(Long reconnectDelay) {
        this.reconnectDelay = reconnectDelay;
    }

    public Long getChannelSilenceTimeout() {
        return channelSilenceTimeout;
    }

    public void setChannelSilenceTimeout(Long channelSilenceTimeout) {
        this.channelSilenceTimeout = channelSilenceTimeout;
    }

    public Long getMaxReconnectDelay() {
        return maxReconnectDelay;
    }

    public void setMaxReconnectDelay(Long maxReconnectDelay) {
        this.maxReconnectDelay = maxReconnectDelay;
    }

    public Integer getStreamThreads() {
        return streamThreads;
    }

    public void setStreamThreads(Integer streamThreads) {
        this.streamThreads = streamThreads;
    }

    public Integer getStreamCatchUps() {
        return streamCatchUps;
    }

    public void setStreamCatchUps(Integer streamCatchUps) {
        this.streamCatchUps = streamCatchUps;
    }

    public Boolean getPaper() {
        return paper;
    }

    public void setPaper(Boolean paper) {
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

    public Boolean getPaperStreaming() {
        return paperStreaming;
    }

    public void setPaperStreaming(Boolean paperStreaming) {
        this.paperStreaming = paperStreaming;
    }

    public Long getPaperPollDelay() {
        return paperPollDelay;
    }

    public void setPaperPollDelay(Long paperPollDelay) {
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
}
