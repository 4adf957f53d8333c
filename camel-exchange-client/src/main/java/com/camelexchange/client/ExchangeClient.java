package com.camelexchange.client;

import com.camelexchange.client.ExchangeRequest.CancelOrder;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetOrders;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.ExchangeRequest.GetUserAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawAddress;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.budget.RateLimits;
import com.camelexchange.client.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.json.ExchangeJson;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawPage;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The exchange's API as Java calls, for one set of settings and keys; knows nothing of Camel. It owns what needs
 * the exchange: the market list (unknown markets and coins are refused, orders fitted to their market's scales and
 * minimums, just before sending), the rate limits, signing and decoding. Each {@link ExchangeRequest} names the
 * method that performs it, and the common ones have a method of their own.
 *
 * <p>A program builds one with {@link #builder()} and closes it when done; several clients of one application (the
 * Camel component's endpoints) share one {@link ClientResources}, which makes them cheap to create.
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
    private final MarketDataClient marketData;
    private final SignedCalls signed;
    private final MarketDirectory directory;
    private final ApiVariant variant;
    private final Supplier<Map<String, Market>> fetchMarkets;
    private final Metrics metrics;
    private final MarketDataListener tap;
    /** The resources a builder made for this client alone, closed with it; null when they are shared. */
    private ClientResources owned;
    /** The resources the client was made of (its feeds' streams and threads); null for one made by a constructor. */
    ClientResources resources;
    /** Its address, which its feeds' WebSocket address is made of unless set. */
    private final String baseUrl;
    private String websocketUrl;

    /**
     * @param credentials null for an endpoint without keys, which can only call market data
     * @param directory   the market list of {@code settings.baseUrl()}, shared by the component
     */
    public ExchangeClient(ClientSettings settings, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                          HttpTransport transport, RateLimits marketDataLimits, TradeRateLimits tradeLimits,
                          MarketDirectory directory, ExchangeJson json) {
        this(settings, variant, credentials, reads, transport, marketDataLimits, tradeLimits, directory, json,
                Metrics.NONE);
    }

    /**
     * @param credentials null for an endpoint without keys, which can only call market data
     * @param directory   the market list of {@code settings.baseUrl()}, shared by the component
     * @param metrics     where calls and order outcomes are recorded
     */
    public ExchangeClient(ClientSettings settings, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                          HttpTransport transport, RateLimits marketDataLimits, TradeRateLimits tradeLimits,
                          MarketDirectory directory, ExchangeJson json, Metrics metrics) {
        this(settings, variant, credentials, reads, transport, marketDataLimits, tradeLimits, directory, json, metrics,
                MarketDataListener.NONE, null);
    }

    /**
     * @param credentials null for an endpoint without keys, which can only call market data; ignored with a redirect
     * @param directory   the market list of {@code settings.baseUrl()}, shared by the component
     * @param metrics     where calls and order outcomes are recorded
     * @param tap         told of every piece of market data this client receives
     * @param redirect    null, or where every signed call goes instead (paper trading): the client then never
     *                    holds the user's keys
     */
    public ExchangeClient(ClientSettings settings, ApiVariant variant, Credentials credentials, RetryPolicy reads,
                          HttpTransport transport, RateLimits marketDataLimits, TradeRateLimits tradeLimits,
                          MarketDirectory directory, ExchangeJson json, Metrics metrics, MarketDataListener tap,
                          SignedCallRedirect redirect) {
        this.marketData = new MarketDataClient(settings, transport, marketDataLimits, json, reads, metrics);
        this.signed = redirect != null
                ? SignedCalls.redirected(redirect, target -> new TradingClient(settings.withTradeUrl(target.tradeUrl()),
                        transport, target.limits(), json, target.credentials(), variant, reads, metrics))
                : SignedCalls.own(credentials == null ? null : new TradingClient(settings, transport, tradeLimits, json,
                        credentials, variant, reads, metrics));
        this.directory = directory;
        this.variant = variant;
        this.tap = tap;
        this.baseUrl = settings.baseUrl();
        this.fetchMarkets = () -> seen(marketData.markets());
        this.metrics = metrics;
    }

    /** Performs a request. */
    public <T> T call(ExchangeRequest<T> request) {
        return request.sendWith(this);
    }

    // ---------------------------------------------------------------- market data

    /** The markets, fetched now and remembered for the checks of later requests. */
    public Map<String, Market> markets() {
        return directory.remember(fetchMarkets.get());
    }

    public Map<String, Ticker> allTicker() {
        Map<String, Ticker> tickers = marketData.allTicker(directory.pairToMarket(fetchMarkets));
        tickers.values().forEach(tap::ticker);
        return tickers;
    }

    Ticker ticker(GetTicker request) {
        directory.requireKnown(fetchMarkets, request.market());
        Ticker ticker = marketData.ticker(request.market());
        tap.ticker(ticker);
        return ticker;
    }

    Depth depth(GetDepth request) {
        directory.requireKnown(fetchMarkets, request.market());
        Depth depth = marketData.depth(request.market(), request.size(), request.merge());
        if (request.merge() == null) {
            // A merged book is buckets, not the market's levels: nothing to record or follow.
            tap.depth(depth);
        }
        return depth;
    }

    /** Told of every piece of market data this client receives; pushed consumers tell it theirs. */
    public MarketDataListener tap() {
        return tap;
    }

    private Map<String, Market> seen(Map<String, Market> markets) {
        tap.markets(markets);
        return markets;
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

    List<Trade> trades(GetTrades request) {
        directory.requireKnown(fetchMarkets, request.market());
        List<Trade> trades = marketData.trades(request.market(), request.since());
        tap.trades(trades);
        return trades;
    }

    Kline kline(GetKline request) {
        directory.requireKnown(fetchMarkets, request.market());
        Kline kline = marketData.kline(request.market(), request.type(), request.since(), request.size());
        tap.kline(kline);
        return kline;
    }

    // ---------------------------------------------------------------- trading

    /** Fits the order to its market (scales, minimums) and places it at most once. */
    PlacedOrder placeOrder(PlaceOrder request) {
        OrderRequest order = request.order();
        Market market = directory.spec(fetchMarkets, order.market(), request.origins().market());
        BigDecimal price = MarketRules.price(request.origins().price(), order.price(), market, request.roundDown());
        BigDecimal amount = MarketRules.amount(request.origins().amount(), order.amount(), price, market,
                request.roundDown(), variant);
        TradingClient trading = trading(order.market());
        try {
            PlacedOrder placed = trading.placeOrder(new OrderRequest(order.market(), order.side(), price, amount,
                    order.acctType(), order.customerOrderId(), order.orderType()));
            metrics.orders("order", placed.recovered() ? "recovered" : "placed", 1);
            return placed;
        } catch (ExchangeOrderStateUnknownException e) {
            metrics.orders("order", "unknown", 1);
            throw e;
        }
    }

    List<String> placeOrders(PlaceOrders request) {
        return placeBatch(request).ids();
    }

    /** Fits each pair to the market and places the batch at most once. */
    public PlacedBatch placeBatch(PlaceOrders request) {
        Market market = directory.spec(fetchMarkets, request.market(), "market");
        List<PriceAmount> fitted = new ArrayList<>(request.pairs().size());
        for (int i = 0; i < request.pairs().size(); i++) {
            PriceAmount pair = request.pairs().get(i);
            String source = "body pair " + (i + 1);
            BigDecimal price = MarketRules.price(source + " price", pair.price(), market, request.roundDown());
            fitted.add(new PriceAmount(price, MarketRules.amount(source + " amount", pair.amount(), price, market,
                    request.roundDown(), variant)));
        }
        TradingClient trading = trading(market.name());
        try {
            PlacedBatch placed = trading.placeOrders(market.name(), request.side(), request.acctType(), fitted);
            metrics.orders("orderMoreV2", placed.recovered() ? "recovered" : "placed", placed.ids().size());
            return placed;
        } catch (ExchangeOrderStateUnknownException e) {
            metrics.orders("orderMoreV2", "unknown", fitted.size());
            throw e;
        }
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
        List<String> ids = trading(sent.market()).findSent(sent);
        metrics.orders(sent.operation(), "recovered", ids.size());
        return ids;
    }

    void cancelOrder(CancelOrder request) {
        directory.requireKnown(fetchMarkets, request.market());
        trading(request.market()).cancelOrder(request.market(), request.order().id(),
                request.order().customerOrderId());
    }

    Order getOrder(GetOrder request) {
        directory.requireKnown(fetchMarkets, request.market());
        return trading(request.market()).getOrder(request.market(), request.order().id(),
                request.order().customerOrderId());
    }

    List<Order> getOrders(GetOrders request) {
        directory.requireKnown(fetchMarkets, request.market());
        return trading(request.market()).getOrders(request.market(), request.side(), request.pageIndex());
    }

    List<Order> getOrdersIgnoreTradeType(GetOrdersIgnoreTradeType request) {
        directory.requireKnown(fetchMarkets, request.market());
        return trading(request.market()).getOrdersIgnoreTradeType(request.market(), request.pageIndex(),
                request.pageSize());
    }

    List<Order> getUnfinishedOrders(GetUnfinishedOrders request) {
        directory.requireKnown(fetchMarkets, request.market());
        return trading(request.market()).getUnfinishedOrders(request.market(), request.pageIndex(),
                request.pageSize());
    }

    // ---------------------------------------------------------------- account

    /** The account's balances and the key's permissions. */
    public AccountInfo accountInfo() {
        return trading(null).getAccountInfo();
    }

    Address userAddress(GetUserAddress request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return trading(null).getUserAddress(request.coin());
    }

    Address withdrawAddress(GetWithdrawAddress request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return trading(null).getWithdrawAddress(request.coin());
    }

    WithdrawPage withdrawRecord(GetWithdrawRecord request) {
        directory.requireKnownCoin(fetchMarkets, request.coin());
        return trading(null).getWithdrawRecord(request.coin(), request.pageIndex(), request.pageSize());
    }

    /** The client of a signed call; {@code market} is the one the call names, or null. */
    private TradingClient trading(String market) {
        return signed.client(market);
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
        if (resources != null) {
            resources.close();
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A client of its own: settings, keys and, unless shared ones are given, resources it closes with itself. */
    public static final class Builder {
        /** The User-Agent the exchange's web firewall lets through: a desktop browser's. */
        public static final String DEFAULT_USER_AGENT =
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
                + " Chrome/126.0.0.0 Safari/537.36";

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

        private Builder() {
        }

        /** The exchange's market-data address, e.g. {@code http://127.0.0.1:8080}; required. */
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

        public ExchangeClient build() {
            if (baseUrl == null) {
                throw new com.camelexchange.client.error.ExchangeValidationException("baseUrl", "is required");
            }
            Urls.check("baseUrl", baseUrl);
            if (tradeUrl != null) {
                Urls.check("tradeUrl", tradeUrl);
            }
            ClientSettings settings = new ClientSettings(baseUrl, tradeUrl, userAgent, requestTimeout, maxReplySize,
                    callTimeout);
            ClientResources using = resources != null ? resources : ownResources.build();
            ExchangeClient client = using.client(settings, variant, credentials, reads, MarketDataListener.NONE, null);
            client.owned = resources == null ? using : null;
            client.websocketUrl = websocketUrl;
            return client;
        }
    }

    @Override
    public String toString() {
        return "ExchangeClient[variant " + variant + (signed.isRedirected() ? ", signed calls redirected"
                : signed.hasKeys() ? ", keys hidden" : ", no keys") + "]";
    }
}
