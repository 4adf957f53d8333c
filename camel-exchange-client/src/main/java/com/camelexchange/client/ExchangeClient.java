package com.camelexchange.client;

import com.camelexchange.client.internal.MarketDirectory;
import com.camelexchange.client.internal.http.ClientSettings;
import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.internal.http.HttpTransport;
import com.camelexchange.client.internal.http.RetryPolicy;
import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.spi.SignedCallRedirect;
import com.camelexchange.client.ExchangeRequest.CancelOrder;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.internal.budget.RateLimits;
import com.camelexchange.client.internal.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.internal.feed.ReadProfile;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The exchange's API as Java calls, for one set of settings and keys; knows nothing of Camel. It owns what needs
 * the exchange: the market list (unknown markets and coins are refused, orders fitted to their market's scales and
 * minimums, just before sending), the rate limits, signing and decoding. Each {@link ExchangeRequest} names the
 * calls that perform it (market data, orders or the account), and the common ones have a method of their own.
 *
 * <p>A program builds one with {@link #builder()} (the only way to make one) and closes it when done; several clients
 * of one application (the Camel component's endpoints) share one {@link ClientResources}, which makes them cheap to
 * create.
 *
 * <p><b>Threads.</b> A client is thread-safe: one serves any number of threads at once. Each call blocks its caller
 * until the reply, a typed failure ({@link com.camelexchange.client.error.ExchangeClientException} and its kinds),
 * or the call's deadline ({@code callTimeout}, 30 s by default), whichever comes first: the wait for a rate-limit
 * permit (at most {@code rateLimitMaxWait}), each attempt (each bounded by {@code requestTimeout}), the waits between
 * a read's retries and a write's look-ups all count against it. A write whose outcome the deadline (or anything else)
 * leaves unknown ends in {@link ExchangeOrderStateUnknownException}, never sent again. Nothing else blocks, and no
 * call starts a thread: feeds made of a client ({@link com.camelexchange.client.feed.Feed}) run on its resources'
 * shared pool and never block the thread that starts them. Signed calls over the WebSocket ({@link TradeTransport})
 * keep this contract: each caller waits on its own thread for its reply, read on the resources' WebSocket thread.
 * {@link #close()} may be called from any thread; a write still waiting there for its reply is then looked up over
 * shared resources that stay open, and ends unknown when the client closes resources of its own.
 *
 * <pre>{@code
 * try (ExchangeClient client = ExchangeClient.builder().baseUrl("http://127.0.0.1:8080")
 *         .keys(accessKey, secretKey).build()) {
 *     Ticker ticker = client.ticker("btc_usdt");
 *     PlacedOrder order = client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01"));
 * }
 * }</pre>
 */
public final class ExchangeClient implements AutoCloseable {
    /** What performs each {@link ExchangeRequest}: the request names which. */
    final MarketDataCalls marketData;
    final OrderCalls orders;
    final AccountCalls account;
    private final SignedCalls signed;
    private final MarketDirectory directory;
    /** The client's one WebSocket session for signed calls, opened by the first call over it; shared by its views. */
    private final WebSocketCalls webSocket;
    /**
     * The keys the account's pushes are subscribed with; null without keys, or when the signed calls go elsewhere
     * (paper trading: the exchange's account is not the one traded).
     */
    private final Credentials accountKeys;
    /** Whether closing this client ends {@link #webSocket}: not for a view made by {@link #over}. */
    private boolean closesWebSocket = true;
    /** The most signed calls in flight at once on the WebSocket. */
    private int webSocketCallsInFlight = Builder.DEFAULT_WEBSOCKET_CALLS_IN_FLIGHT;
    /** This client over each transport, made when first asked for. */
    private final java.util.Map<TradeTransport, ExchangeClient> views = new java.util.concurrent.ConcurrentHashMap<>();
    private final ApiVariant variant;
    private final Metrics metrics;
    private final MarketDataListener tap;
    /** The resources a builder made for this client alone, closed with it; null when they are shared. */
    private ClientResources owned;
    /** The resources the client was made of (its feeds' streams and threads); null for one made by a constructor. */
    ClientResources resources;
    /** Its address, which its feeds' WebSocket address is made of unless set. */
    private final String baseUrl;
    /** What makes its market-data reads the same as another client's, so that its feeds share them. */
    private final ReadProfile readProfile;
    private String websocketUrl;
    /** Where redirected signed calls go (paper trading), once the first signed call asked; null otherwise. */
    private volatile SignedCallRedirect.Target redirectTarget;
    /** The largest reply accepted, in bytes over HTTP, in characters over an in-process WebSocket road. */
    private final int maxReplySize;

    /**
     * @param credentials null for an endpoint without keys, which can only call market data; ignored with a redirect
     * @param transport   the shared connection pool, asked for only by a road that goes over HTTP
     * @param directory   the market list of {@code settings.baseUrl()}, shared by the component
     * @param metrics     where calls and order outcomes are recorded
     * @param tap         told of every piece of market data this client receives
     * @param redirect    null, or where every signed call goes instead (paper trading): the client then never
     *                    holds the user's keys
     * @param source      null for the exchange's market data over HTTP; else where the reads are answered instead
     *                    (a backtest's recording): nothing of market data is then sent
     * @param redirectLimits the limits a redirect's target keeps to when it asks to be limited: those of the
     *                    resources' clients' redirected calls, all in this process
     */
    ExchangeClient(ClientSettings settings, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                   Supplier<HttpTransport> transport, RateLimits marketDataLimits, TradeRateLimits tradeLimits,
                   MarketDirectory directory, ExchangeJson json, Metrics metrics, MarketDataListener tap,
                   SignedCallRedirect redirect, MarketDataSource source, TradeRateLimits redirectLimits) {
        this.webSocket = new WebSocketCalls(this::openTradingSession);
        this.accountKeys = redirect != null ? null : credentials;
        // The connection pool is made only for a road that goes over HTTP: a backtest (recorded market data, signed
        // calls in process) never makes one.
        this.marketData = new MarketDataCalls(source != null ? source : new MarketDataClient(settings,
                transport.get(), marketDataLimits, json, reads, metrics), directory, tap);
        this.signed = redirect != null
                ? SignedCalls.redirected(redirect, target -> {
                    // Known before any call over the WebSocket opens its road, which goes where the target says.
                    this.redirectTarget = target;
                    return new TradingClient(settings.withTradeUrl(target.tradeUrl()),
                            target.transport() != null ? target.transport() : transport.get(),
                            target.rateLimited() ? redirectLimits : TradeRateLimits.off(variant), json,
                            new Credentials(target.accessKey(), target.secretKey()), variant, reads, metrics,
                            webSocket);
                })
                : SignedCalls.own(credentials == null ? null : new TradingClient(settings, transport.get(), tradeLimits,
                        json, credentials, variant, reads, metrics, webSocket));
        this.directory = directory;
        this.orders = new OrderCalls(signed, directory, marketData.fetchMarkets(), variant, metrics);
        this.account = new AccountCalls(signed, directory, marketData.fetchMarkets());
        this.variant = variant;
        this.tap = tap;
        this.baseUrl = settings.baseUrl();
        this.metrics = metrics;
        this.maxReplySize = settings.maxReplySize();
        this.readProfile = new ReadProfile(settings.baseUrl(), variant, settings.userAgent(),
                settings.requestTimeout().toMillis(), settings.callTimeout().toMillis(), settings.maxReplySize(),
                reads.retries(), reads.firstDelay().toMillis());
    }

    /** {@code base} with its signed calls carried over {@code road}: everything else is base's own. */
    private ExchangeClient(ExchangeClient base, TradeTransport road) {
        this.signed = base.signed.over(road);
        this.marketData = base.marketData;
        this.directory = base.directory;
        this.orders = new OrderCalls(signed, directory, marketData.fetchMarkets(), base.variant, base.metrics);
        this.account = new AccountCalls(signed, directory, marketData.fetchMarkets());
        this.variant = base.variant;
        this.tap = base.tap;
        this.baseUrl = base.baseUrl;
        this.metrics = base.metrics;
        this.readProfile = base.readProfile;
        this.maxReplySize = base.maxReplySize;
        this.resources = base.resources;
        this.websocketUrl = base.websocketUrl;
        this.webSocket = base.webSocket;
        this.accountKeys = base.accountKeys;
        this.webSocketCallsInFlight = base.webSocketCallsInFlight;
        this.closesWebSocket = false;
        this.views.put(TradeTransport.REST, signed.transport() == TradeTransport.REST ? this : base);
    }

    /**
     * This client with its signed calls carried over {@code road}, for the calls made on what it returns: the same
     * keys, budgets, deadlines, markets and, for the WebSocket, the same one session. A view: closing it closes
     * nothing; the client it was made of stays the one to close.
     *
     * @throws ExchangeValidationException for the WebSocket on a client without keys (a client whose signed calls
     *                                     go to a paper exchange takes the paper exchange's WebSocket road)
     */
    public ExchangeClient over(TradeTransport road) {
        java.util.Objects.requireNonNull(road, "road");
        if (signed.transport() == road) {
            return this;
        }
        ExchangeClient base = views.get(TradeTransport.REST);
        if (base != null && road == TradeTransport.REST) {
            return base;
        }
        return views.computeIfAbsent(road, r -> new ExchangeClient(this, r));
    }

    /** What carries this client's signed calls. */
    public TradeTransport tradeTransport() {
        return signed.transport();
    }

    /**
     * The client's WebSocket road, at its first call over it: a session on its resources' WebSocket client, to the
     * exchange's WebSocket or, when the signed calls are redirected (paper trading), to the target's: a connection to
     * the paper exchange's {@code /websocket} on loopback, or the paper exchange's frames in process (a backtest).
     */
    private FrameRoad openTradingSession() {
        SignedCallRedirect.Target target = redirectTarget;
        if (target != null && target.frames() != null) {
            return FrameRoad.inProcess(target.frames(), maxReplySize);
        }
        String address = target != null
                ? com.camelexchange.client.internal.feed.StreamAddresses.main(null, target.tradeUrl())
                : com.camelexchange.client.internal.feed.StreamAddresses.main(websocketUrl, baseUrl);
        return FrameRoad.of(resources().streams().trading(address, webSocketCallsInFlight));
    }

    /** The keys the account's pushes are subscribed with; null when this client has none for the exchange. */
    Credentials accountKeys() {
        return accountKeys;
    }

    /** What makes this client's market-data reads the same as another's: its feeds share replies of the same. */
    ReadProfile readProfile() {
        return readProfile;
    }

    /** Performs a request. */
    public <T> T call(ExchangeRequest<T> request) {
        return request.sendWith(this);
    }

    /** The markets, fetched now and remembered for the checks of later requests. */
    public Map<String, Market> markets() {
        return marketData.markets();
    }

    public Map<String, Ticker> allTicker() {
        return marketData.allTicker();
    }

    /** Told of every piece of market data this client receives; pushed consumers tell it theirs. */
    public MarketDataListener tap() {
        return tap;
    }

    /**
     * The resources this client was made of: its connection pool, budgets and the WebSocket sessions its feeds
     * stream on.
     *
     * @throws IllegalStateException for a client made by a constructor, which has none to share
     */
    public ClientResources resources() {
        if (resources == null) {
            throw new IllegalStateException("A client made by a constructor has no resources to share; make it with"
                                            + " ExchangeClient.builder() or ClientResources.client(...)");
        }
        return resources;
    }

    /** The exchange's market-data address. */
    public String baseUrl() {
        return baseUrl;
    }

    /** The exchange's WebSocket address when set apart; null for the base address's {@code /websocket}. */
    public String websocketUrl() {
        return websocketUrl;
    }

    /** Where this client's calls are recorded; consumers record what they refuse there too. */
    public Metrics metrics() {
        return metrics;
    }

    /** Fits each pair to the market and places the batch at most once. */
    public PlacedBatch placeBatch(PlaceOrders request) {
        return orders.placeBatch(request);
    }

    /**
     * Looks up, without sending anything, the orders of a write whose outcome was unknown: a redelivery's way to
     * learn what its first attempt did. A variant A order is looked up by the customerOrderId it was sent with; a
     * variant B order or a batch by what its orders are.
     *
     * @return the ids of the orders sent, in the order sent
     * @throws ExchangeOrderStateUnknownException when they still cannot all be found for sure; for a variant A order
     *                                            also when no order has its id yet, which does not prove that none
     *                                            was placed
     */
    public List<String> findSentOrders(SentOrders sent) {
        return orders.findSentOrders(sent);
    }

    /** The account's balances and the key's permissions. */
    public AccountInfo accountInfo() {
        return account.accountInfo();
    }

    // ---------------------------------------------------------------- the common calls by name

    /** The ticker of a market. */
    public Ticker ticker(String market) {
        return call(new GetTicker(market));
    }

    /** The book of a market, {@code size} levels a side (1..50), both sides best first. */
    public Depth depth(String market, int size) {
        return call(new GetDepth(market, size, null));
    }

    /** The latest trades of a market (up to 50), in tid order. */
    public List<Trade> trades(String market) {
        return call(new GetTrades(market, null));
    }

    /**
     * Places an order at most once: checked against its market's scales and minimums before anything is sent; in
     * variant A, given a customerOrderId when it has none, by which a reply that is lost is looked up, never sent
     * again ({@link ExchangeOrderStateUnknownException} when that cannot be established).
     */
    public PlacedOrder placeOrder(OrderRequest order) {
        OrderRequest identified = variant == ApiVariant.A && order.customerOrderId() == null
                                  && signed.transport() == TradeTransport.REST
                ? order.withCustomerOrderId(java.util.UUID.randomUUID().toString().replace("-", "")) : order;
        return call(new PlaceOrder(identified, false, new ExchangeRequest.Origins("market", "price", "amount")));
    }

    /** An order of a market by its number. */
    public Order order(String market, String id) {
        return call(new GetOrder(market, new ExchangeRequest.OrderRef(Long.parseLong(id), null)));
    }

    /** Cancels an order of a market by its number. */
    public void cancelOrder(String market, String id) {
        call(new CancelOrder(market, new ExchangeRequest.OrderRef(Long.parseLong(id), null)));
    }

    /** Closes what a builder made for this client alone; a client of shared resources leaves them open. */
    @Override
    public void close() {
        ClientResources resources = owned;
        owned = null;
        // The resources first: a write waiting on the WebSocket then cannot be settled by a look-up of a client
        // that is closing, and ends unknown.
        if (resources != null) {
            resources.close();
        }
        if (closesWebSocket) {
            webSocket.close();
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A client of its own: settings, keys and, unless shared ones are given, resources it closes with itself. */
    public static final class Builder {
        /**
         * The User-Agent sent unless {@link #userAgent} says otherwise: a common desktop browser's, since the
         * exchange's API reference requires every request to carry a desktop-browser style User-Agent (its web
         * firewall turns away a request without one).
         */
        public static final String DEFAULT_USER_AGENT =
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/126.0.0.0 Safari/537.36";

        /**
         * The base address of a client whose market data comes from elsewhere and that was given none: it only
         * names the client's market list ({@code .invalid} never resolves, and nothing is sent to it).
         */
        private static final String ELSEWHERE = "http://backtest.invalid";

        private String baseUrl;
        private String tradeUrl;
        private ApiVariant variant = ApiVariant.A;
        private Credentials credentials;
        private String userAgent = DEFAULT_USER_AGENT;
        private java.time.Duration requestTimeout = java.time.Duration.ofSeconds(10);
        private java.time.Duration callTimeout = ClientSettings.DEFAULT_CALL_TIMEOUT;
        private int maxReplySize = 4 * 1024 * 1024;
        private RetryPolicy reads = new RetryPolicy(2, java.time.Duration.ofMillis(500));
        private String websocketUrl;
        private ClientResources resources;
        private ClientResources.Builder ownResources = ClientResources.builder();
        private MarketDataListener tap = MarketDataListener.NONE;
        private SignedCallRedirect redirect;
        private MarketDataSource marketData;
        private TradeTransport tradeOver = TradeTransport.REST;
        private int webSocketCallsInFlight = DEFAULT_WEBSOCKET_CALLS_IN_FLIGHT;

        /**
         * The most signed calls in flight at once on a client's WebSocket session unless set: beyond what the public
         * clients keep to on one connection (13-20 a second) at any round trip worth having, yet a bound.
         */
        public static final int DEFAULT_WEBSOCKET_CALLS_IN_FLIGHT = 64;

        private Builder() {
        }

        /**
         * The exchange's market-data address, e.g. {@code http://127.0.0.1:8080}; required unless the market data
         * comes {@linkplain #marketDataFrom from elsewhere} (then {@value #ELSEWHERE}, which is never connected to).
         */
        public Builder baseUrl(String url) {
            this.baseUrl = url;
            return this;
        }

        /** The WebSocket address its feeds stream from; the base address's {@code /websocket} when not set. */
        public Builder websocketUrl(String url) {
            this.websocketUrl = url;
            return this;
        }

        /** The trade interface's address; the base address when not set. */
        public Builder tradeUrl(String url) {
            this.tradeUrl = url;
            return this;
        }

        public Builder apiVariant(ApiVariant apiVariant) {
            this.variant = apiVariant;
            return this;
        }

        /** The account's keys, for signed calls; market data needs none. */
        public Builder keys(String accessKey, String secretKey) {
            if (accessKey == null || accessKey.isBlank()) {
                throw new ExchangeValidationException("accessKey", "is required with a secretKey");
            }
            if (secretKey == null || secretKey.isBlank()) {
                // Never the key itself: nothing of a secret is repeated.
                throw new ExchangeValidationException("secretKey", "is required with an accessKey");
            }
            this.credentials = new Credentials(accessKey, secretKey);
            return this;
        }

        public Builder userAgent(String agent) {
            this.userAgent = agent;
            return this;
        }

        /** The deadline of each HTTP request (10 s). */
        public Builder requestTimeout(java.time.Duration timeout) {
            this.requestTimeout = timeout;
            return this;
        }

        /** The deadline of a whole call, retries and waits for a permit included (30 s). */
        public Builder callTimeout(java.time.Duration timeout) {
            this.callTimeout = timeout;
            return this;
        }

        /** The largest reply read, in bytes (4 MiB). */
        public Builder maxReplySize(int bytes) {
            this.maxReplySize = bytes;
            return this;
        }

        /** How often a read that may pass is tried again (2), and the wait before each (500 ms). */
        public Builder readRetries(int retries, java.time.Duration delay) {
            this.reads = new RetryPolicy(retries, delay);
            return this;
        }

        /** Told of every piece of market data the client receives (a recorder's tap). */
        public Builder tap(MarketDataListener listener) {
            this.tap = java.util.Objects.requireNonNull(listener, "tap");
            return this;
        }

        /**
         * Sends every signed call where {@code target} says instead (paper trading): the client then holds no keys of
         * the user's, so nothing it sends can be signed with them; {@link #keys} are ignored.
         */
        public Builder signedCallsTo(SignedCallRedirect target) {
            this.redirect = target;
            return this;
        }

        /** Answers the market-data reads from {@code source} instead of the exchange (a backtest's recording). */
        public Builder marketDataFrom(MarketDataSource source) {
            this.marketData = source;
            return this;
        }

        /**
         * What carries the client's signed calls: {@link TradeTransport#REST} (the default) or
         * {@link TradeTransport#WEBSOCKET}, one connection opened by the first signed call. A call may choose otherwise
         * through {@link ExchangeClient#over}. With {@link #signedCallsTo} (paper trading) the frames go to the
         * target: a connection to its address's {@code /websocket}, or its frames in process when it has
         * ({@link SignedCallRedirect.Target#frames()}).
         */
        public Builder tradeOver(TradeTransport transport) {
            this.tradeOver = transport;
            return this;
        }

        /**
         * The most signed calls waiting for their reply at once on the WebSocket ({@value
         * #DEFAULT_WEBSOCKET_CALLS_IN_FLIGHT}); a call beyond waits for a slot within its {@code callTimeout}, and
         * sends nothing if none frees in time.
         */
        public Builder webSocketCallsInFlight(int calls) {
            this.webSocketCallsInFlight = calls;
            return this;
        }

        /** Shares resources other clients use (and closes them with none of them). */
        public Builder resources(ClientResources shared) {
            this.resources = shared;
            return this;
        }

        /** Sets the resources this client makes for itself: its proxy, TLS, budgets, threads... */
        public Builder resources(java.util.function.Consumer<ClientResources.Builder> settings) {
            settings.accept(ownResources);
            return this;
        }

        /**
         * The client, its every setting checked first: a bad one is an {@link ExchangeValidationException} naming it,
         * before anything is made or sent.
         */
        public ExchangeClient build() {
            String address = baseUrl != null ? baseUrl : marketData != null ? ELSEWHERE : null;
            if (address == null) {
                throw new ExchangeValidationException("baseUrl", "is required");
            }
            Urls.check("baseUrl", address);
            if (tradeUrl != null) {
                Urls.check("tradeUrl", tradeUrl);
            }
            if (websocketUrl != null) {
                Urls.checkWebSocket("websocketUrl", websocketUrl);
            }
            if (variant == null) {
                throw new ExchangeValidationException("apiVariant", "is required: A or B");
            }
            if (userAgent == null || userAgent.isBlank()) {
                throw new ExchangeValidationException("userAgent", "is required: the exchange refuses a request"
                        + " without one");
            }
            atLeastAMillisecond("requestTimeout", requestTimeout);
            atLeastAMillisecond("callTimeout", callTimeout);
            if (maxReplySize < 1) {
                throw new ExchangeValidationException("maxReplySize", maxReplySize + " is out of range; at least 1");
            }
            if (reads.retries() < 0 || reads.firstDelay().isNegative()) {
                throw new ExchangeValidationException("readRetries", reads.retries() + " retries after "
                        + reads.firstDelay().toMillis() + " ms: neither may be below zero");
            }
            if (tradeOver == null) {
                throw new ExchangeValidationException("tradeOver", "is required: REST or WEBSOCKET");
            }
            if (webSocketCallsInFlight < 1) {
                throw new ExchangeValidationException("webSocketCallsInFlight", webSocketCallsInFlight
                        + " is out of range; at least 1");
            }
            if (tradeOver == TradeTransport.WEBSOCKET && redirect == null && credentials == null) {
                throw new ExchangeValidationException("tradeOver", "WEBSOCKET carries signed calls, which need keys");
            }
            ClientSettings settings = new ClientSettings(address, tradeUrl, userAgent, requestTimeout, maxReplySize,
                    callTimeout);
            ClientResources using = resources != null ? resources : ownResources.build();
            ExchangeClient client = using.client(settings, variant, redirect != null ? null : credentials, reads, tap,
                    redirect, marketData);
            client.owned = resources == null ? using : null;
            client.websocketUrl = websocketUrl;
            client.webSocketCallsInFlight = webSocketCallsInFlight;
            if (tradeOver == TradeTransport.REST) {
                return client;
            }
            // The client handed out is the view over the WebSocket; it closes what the client it was made of owns.
            ExchangeClient overWebSocket = client.over(tradeOver);
            overWebSocket.owned = client.owned;
            overWebSocket.closesWebSocket = true;
            client.owned = null;
            client.closesWebSocket = false;
            return overWebSocket;
        }
    }

    private static void atLeastAMillisecond(String option, java.time.Duration value) {
        if (value == null || value.toMillis() < 1) {
            throw new ExchangeValidationException(option, value + " is out of range; at least 1 ms");
        }
    }

    @Override
    public String toString() {
        return "ExchangeClient[variant " + variant + (signed.isRedirected() ? ", signed calls redirected"
                : signed.hasKeys() ? ", keys hidden" : ", no keys") + "]";
    }
}
