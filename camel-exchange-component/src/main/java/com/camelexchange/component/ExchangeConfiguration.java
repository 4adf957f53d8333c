package com.camelexchange.component;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.TradeTransport;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.KlineType;
import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;


/**
 * The options of an endpoint. Set on the component, they are defaults that every endpoint copies and
 * may override in its URI.
 */
@UriParams
public class ExchangeConfiguration implements Cloneable {

    /** The client's default User-Agent, a desktop browser's: the exchange's API requires one on every request. */
    public static final String DEFAULT_USER_AGENT = ExchangeClient.Builder.DEFAULT_USER_AGENT;

    @UriParam(description = "The address of the market-data interface, e.g. http://127.0.0.1:8080;"
                            + " /data/v1/ and the operation's name are appended. Required, except in a backtest"
                            + " (replayFrom), whose market data comes from its recording.")
    private String baseUrl;
    @UriParam(description = "The address of the signed trading interface; /api/ and the method's name are appended."
                            + " Defaults to the baseUrl.")
    private String tradeUrl;
    @UriParam(description = "The address of the exchange's WebSocket, used by consumers with streaming=true."
                            + " Defaults to the baseUrl with ws:// (or wss:// for https) and /websocket appended;"
                            + " the short depth book is read from this address followed by / and the trade coin,"
                            + " e.g. /btc.")
    private String websocketUrl;
    @UriParam(description = "Which published variant of the API the exchange speaks: A (batch orders,"
                            + " custom order ids, minimum sizes) or B.", defaultValue = "A")
    private ApiVariant apiVariant = ApiVariant.A;
    @UriParam(label = "advanced", description = "The User-Agent header sent with every request; the service"
                                                + " expects a desktop-browser value.",
              defaultValue = DEFAULT_USER_AGENT)
    private String userAgent = DEFAULT_USER_AGENT;
    @UriParam(label = "advanced", description = "The deadline of each HTTP request, in milliseconds: waiting"
                                                + " for a connection, connecting, sending and reading the whole"
                                                + " reply. Past it the request is aborted. The whole call, with"
                                                + " a read's retries, a write's look-ups and the waits for a"
                                                + " rate-limit permit, is bounded by callTimeout.",
              defaultValue = "10000")
    private long requestTimeout = 10_000;
    @UriParam(label = "advanced", description = "The deadline of a whole call, in milliseconds: the wait for a"
                                                + " rate-limit permit, every attempt of a read (each bounded by"
                                                + " requestTimeout too) and the delays between them; for a"
                                                + " write, also the read before it and the look-ups after a lost"
                                                + " reply. A read that runs out of it fails with"
                                                + " ExchangeTransportException, timedOut() true; a write whose"
                                                + " look-up has no time left, with"
                                                + " ExchangeOrderStateUnknownException.", defaultValue = "30000")
    private long callTimeout = 30_000;
    @UriParam(label = "advanced", description = "The largest reply read, in bytes; a larger reply is refused"
                                                + " without being read on.", defaultValue = "4194304")
    private int maxReplySize = 4 * 1024 * 1024;
    @UriParam(label = "security", secret = true, description = "The API access key (sent as accesskey on"
                                                               + " signed calls).")
    private String accessKey;
    @UriParam(label = "security", secret = true, description = "The API secret key, used only to sign; never"
                                                               + " sent, logged or shown.")
    private String secretKey;

    @UriParam(description = "The market: trade coin and pricing coin joined by an underscore, such as"
                            + " btc_usdt. Required by ticker, depth, trades and kline.")
    private String market;
    @UriParam(description = "depth: number of levels, 1-50 (default 50). kline: maximum number of candles per"
                            + " request, 1-1000 (default 1000).")
    private Integer size;
    // Decimal options are kept as text: Camel has no String-to-BigDecimal converter here, and the component
    // parses them itself so that a bad value is refused with the option's name.
    @UriParam(description = "depth: merge levels into buckets of this price step (a decimal, e.g. 0.1); the"
                            + " exchange then returns 5 levels.")
    private String merge;
    @UriParam(description = "kline: the candle period.", enums = KlineType.WIRE_NAMES, defaultValue = "1min")
    private String type = "1min";
    @UriParam(description = "trades: start after this trade id. kline: start at candles opening at or after this"
                            + " time (epoch milliseconds). A consumer without it, and without a stored position,"
                            + " starts from now.")
    private Long since;
    @UriParam(label = "consumer", description = "ticker, depth, trades, kline and orders consumers: take the"
                            + " exchange's pushes over its WebSocket instead of polling. Pushes arrive as the market"
                            + " (or the account) changes and spend no requests; trades, K-lines and order events"
                            + " catch up over REST from their position at start, after every reconnect and after any"
                            + " gap, so nothing is skipped or repeated. depth with a size of 10 or less reads the"
                            + " exchange's short book (quick depth). orders subscribes the account's pushes with the"
                            + " endpoint's keys (not in paper trading); withdrawals are not pushed.")
    private boolean streaming;

    // Not streaming=true: on a consumer that option means "take pushes", and set on the component it would also make
    // every consumer stream. Where the signed calls travel is its own choice, named as the client's builder names it.
    @UriParam(label = "producer", enums = "REST,WEBSOCKET", defaultValue = "REST", description = "Signed"
                            + " producers: what carries their calls. REST, one signed request per call; or WEBSOCKET,"
                            + " signed frames on one authenticated connection (websocketUrl) shared by every endpoint"
                            + " of the same keys and settings. order, cancelOrder, getOrder, the order listings and"
                            + " the account's queries go over it; orderMoreV2, and a look-up or cancel by"
                            + " customerOrderId, stay on REST. Headers, bodies, validation, rate budget, metrics and"
                            + " health are REST's. An order over the WebSocket carries no customerOrderId (nor"
                            + " acctType or orderType, nor CamelExchangeIdempotencyKey): a lost reply is settled by"
                            + " looking it up by what it is, and ends in ExchangeOrderStateUnknownException when that"
                            + " cannot be established; it is never sent again. In paper mode the frames go to the"
                            + " paper exchange's own WebSocket on loopback, in a backtest to it in process; nothing"
                            + " leaves the process. Consumers are not affected.")
    private TradeTransport tradeOver = TradeTransport.REST;
    @UriParam(label = "producer", enums = "buy,sell", description = "order, orderMoreV2, getOrders: the side,"
                                                                    + " buy or sell (1 or 0 also accepted).")
    private String tradeType;
    @UriParam(label = "producer", enums = "0,1", description = "order, orderMoreV2: 0 spot (default), 1 margin."
                                                              + " A body or header overrides it.")
    private Integer acctType;
    @UriParam(label = "producer", enums = "limit,postOnly,ioc", description = "order (variant A): a plain limit"
                                                                              + " order, PostOnly or IOC.")
    private String orderType;
    @UriParam(label = "producer", defaultValue = "1", description = "Paged queries: the page, 1-10000.")
    private int pageIndex = 1;
    @UriParam(label = "producer", defaultValue = "10", description = "Paged queries: records per page. Order"
                                                                    + " queries: 1-10 in variant A, 1-100 in"
                                                                    + " variant B. Withdrawal records: 1-100.")
    private int pageSize = 10;
    @UriParam(label = "producer", description = "getUserAddress, getWithdrawAddress, getWithdrawRecord: the coin,"
                                                + " e.g. btc.")
    private String coin;
    @UriParam(label = "producer", description = "order, orderMoreV2: round a price or amount with more decimals"
                                                + " than the market allows down to its scale, instead of refusing"
                                                + " it.")
    private boolean roundDown;
    @UriParam(defaultValue = "2", description = "Reads (market data and signed queries): how many times to try"
                                               + " again after a failure that may pass (HTTP error, lost"
                                               + " connection, broken reply). Writes are never retried blindly.")
    private int readRetries = 2;
    @UriParam(defaultValue = "500", description = "Reads: the first delay before trying again, in milliseconds;"
                                                 + " it doubles each time.")
    private long readRetryDelay = 500;

    @UriParam(label = "consumer", description = "ticker: emit a ticker only when a price or the volume changed"
                                                + " since the last one emitted.")
    private boolean onlyChanges;
    @UriParam(label = "consumer", defaultValue = "true", description = "allTicker: emit one message per market"
                                                                      + " (true) or one message with the map of"
                                                                      + " all tickers (false).")
    private boolean splitResult = true;
    @UriParam(label = "consumer", description = "trades, kline, orders and withdrawals: where to keep the position"
                                                + " (the last trade id or candle time emitted; for orders and"
                                                + " withdrawals the newest one announced and those still open or"
                                                + " pending, as JSON), so that a restart resumes with no gap and no"
                                                + " duplicate. The position is stored once an exchange completes.")
    private StateRepository<String, String> stateRepository;
    @UriParam(label = "consumer", description = "trades, kline, orders and withdrawals: the key of the position in"
                                                + " the state repository. Defaults to operation:market (and :type"
                                                + " for kline), withdrawals:coin for withdrawals.")
    private String stateKey;
    @UriParam(label = "consumer", defaultValue = "20", description = "trades and kline: how many pages (50 trades"
                                                                    + " or up to size candles) one poll may"
                                                                    + " fetch while catching up. orders: how many"
                                                                    + " pages of each order listing, and how many"
                                                                    + " single-order look-ups, one poll may spend."
                                                                    + " withdrawals: how many pages of records one"
                                                                    + " poll may fetch.")
    private int maxPagesPerPoll = 20;
    @UriParam(label = "consumer", defaultValue = "1000", description = "orders and withdrawals: the most events one"
                                                                      + " poll emits. The rest come with the next"
                                                                      + " poll, in order, none lost; this bounds the"
                                                                      + " memory a poll takes, e.g. when a first"
                                                                      + " start announces thousands of open orders.")
    private int maxEventsPerPoll = 1000;

    public ExchangeConfiguration copy() {
        try {
            return (ExchangeConfiguration) clone();
        } catch (CloneNotSupportedException e) {
            throw new RuntimeCamelException(e);
        }
    }

    public String getBaseUrl() {
        return baseUrl;
    }

    public void setBaseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public String getTradeUrl() {
        return tradeUrl;
    }

    public void setTradeUrl(String tradeUrl) {
        this.tradeUrl = tradeUrl;
    }

    public ApiVariant getApiVariant() {
        return apiVariant;
    }

    public void setApiVariant(ApiVariant apiVariant) {
        this.apiVariant = apiVariant;
    }

    public String getUserAgent() {
        return userAgent;
    }

    public void setUserAgent(String userAgent) {
        this.userAgent = userAgent;
    }

    public long getCallTimeout() {
        return callTimeout;
    }

    public void setCallTimeout(long callTimeout) {
        this.callTimeout = callTimeout;
    }

    public long getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(long requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    public int getMaxReplySize() {
        return maxReplySize;
    }

    public void setMaxReplySize(int maxReplySize) {
        this.maxReplySize = maxReplySize;
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

    public String getMarket() {
        return market;
    }

    public void setMarket(String market) {
        this.market = market;
    }

    public Integer getSize() {
        return size;
    }

    public void setSize(Integer size) {
        this.size = size;
    }

    public String getMerge() {
        return merge;
    }

    public void setMerge(String merge) {
        this.merge = merge;
    }

    public String getType() {
        return type;
    }

    public void setType(String type) {
        this.type = type;
    }

    public Long getSince() {
        return since;
    }

    public void setSince(Long since) {
        this.since = since;
    }

    public boolean isStreaming() {
        return streaming;
    }

    public void setStreaming(boolean streaming) {
        this.streaming = streaming;
    }

    public String getWebsocketUrl() {
        return websocketUrl;
    }

    public void setWebsocketUrl(String websocketUrl) {
        this.websocketUrl = websocketUrl;
    }

    public boolean isOnlyChanges() {
        return onlyChanges;
    }

    public void setOnlyChanges(boolean onlyChanges) {
        this.onlyChanges = onlyChanges;
    }

    public boolean isSplitResult() {
        return splitResult;
    }

    public void setSplitResult(boolean splitResult) {
        this.splitResult = splitResult;
    }

    public StateRepository<String, String> getStateRepository() {
        return stateRepository;
    }

    public void setStateRepository(StateRepository<String, String> stateRepository) {
        this.stateRepository = stateRepository;
    }

    public String getStateKey() {
        return stateKey;
    }

    public void setStateKey(String stateKey) {
        this.stateKey = stateKey;
    }

    public TradeTransport getTradeOver() {
        return tradeOver;
    }

    public void setTradeOver(TradeTransport tradeOver) {
        this.tradeOver = tradeOver;
    }

    public String getTradeType() {
        return tradeType;
    }

    public void setTradeType(String tradeType) {
        this.tradeType = tradeType;
    }

    public Integer getAcctType() {
        return acctType;
    }

    public void setAcctType(Integer acctType) {
        this.acctType = acctType;
    }

    public String getOrderType() {
        return orderType;
    }

    public void setOrderType(String orderType) {
        this.orderType = orderType;
    }

    public int getPageIndex() {
        return pageIndex;
    }

    public void setPageIndex(int pageIndex) {
        this.pageIndex = pageIndex;
    }

    public int getPageSize() {
        return pageSize;
    }

    public void setPageSize(int pageSize) {
        this.pageSize = pageSize;
    }

    public String getCoin() {
        return coin;
    }

    public void setCoin(String coin) {
        this.coin = coin;
    }

    public boolean isRoundDown() {
        return roundDown;
    }

    public void setRoundDown(boolean roundDown) {
        this.roundDown = roundDown;
    }

    public int getReadRetries() {
        return readRetries;
    }

    public void setReadRetries(int readRetries) {
        this.readRetries = readRetries;
    }

    public long getReadRetryDelay() {
        return readRetryDelay;
    }

    public void setReadRetryDelay(long readRetryDelay) {
        this.readRetryDelay = readRetryDelay;
    }

    public int getMaxPagesPerPoll() {
        return maxPagesPerPoll;
    }

    public void setMaxPagesPerPoll(int maxPagesPerPoll) {
        this.maxPagesPerPoll = maxPagesPerPoll;
    }

    public int getMaxEventsPerPoll() {
        return maxEventsPerPoll;
    }

    public void setMaxEventsPerPoll(int maxEventsPerPoll) {
        this.maxEventsPerPoll = maxEventsPerPoll;
    }
}
