package com.camelexchange.simulator;

import com.camelexchange.simulator.account.AccountSeeder;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.activity.ActivityFlow;
import com.camelexchange.simulator.activity.MarketActivity;
import com.camelexchange.simulator.engine.AccountStates;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.engine.MarketDates;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.engine.TradingFees;
import com.camelexchange.simulator.http.ApiService;
import com.camelexchange.simulator.http.SimulatorHttpServer;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Trade;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.replay.Replay;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * An embeddable exchange that speaks the exchange's whole API over real HTTP: market data at
 * {@code /data/v1/...}, signed calls at {@code /api/<method>}, the WebSocket interface at
 * {@code /websocket} on the same port, a matching engine with balances and trading fees, the limits
 * of the chosen variant, synthetic market activity and faults on demand (HTTP and stream).
 *
 * <pre>{@code
 * try (ExchangeSimulator sim = ExchangeSimulator.builder().variant(Variant.A).seed(42).build().start()) {
 *     SimulatorAccount alice = sim.createAccount("AK", "SK");
 *     String baseUrl = sim.baseUrl();   // http://127.0.0.1:<port>
 * }
 * }</pre>
 */
public final class ExchangeSimulator implements AutoCloseable {
    /** What a new account holds in each coin, spot and margin alike. */
    public static final Map<String, BigDecimal> DEFAULT_FUNDS = defaultFunds();

    private final Builder config;
    private final SimulatedExchange exchange;
    private final FaultPlan faults = new FaultPlan();
    private final StreamFaults streamFaults = new StreamFaults();
    /** Null when the simulator follows an external market: it has no synthetic traders then. */
    private final MarketActivity activity;
    private final Replay replay;
    private final Map<String, SimulatorAccount> accounts = new LinkedHashMap<>();
    private Vertx vertx;
    private SimulatorHttpServer server;
    /** The API served in process alone ({@link Builder#inProcessOnly()}); null otherwise and when stopped. */
    private ApiService ownApi;
    /** The running server's API, which the in-process road calls; null when stopped. */
    private volatile ApiService api;
    private final LongAdder inProcessRequests = new LongAdder();
    private long activityTimer = -1;
    private boolean replayStarted;

    private ExchangeSimulator(Builder config) {
        this.config = config;
        this.replay = config.replayFile == null ? null : MarketSource.openReplay(config.replayFile, config.replaySpeed);
        try {
            boolean external = config.externalMarkets != null || replay != null;
            this.exchange = new SimulatedExchange(config.variant, replay != null ? replay.clock() : config.clock,
                    MarketSource.markets(config.externalMarkets, replay, config.markets),
                    1_000_000L + Math.floorMod(config.seed, 1_000_000L), config.fees,
                    external ? config.fillModel : null, config.ownClock);
            requireKnownCoins(config.funds, exchange);
            User house = exchange.createUser("market-makers", true);
            this.activity = external ? null : new MarketActivity(exchange, house, config.seed, config.activityFlow);
            if (config.history && !external) {
                activity.backfillHistory(config.historyTrades, Duration.ofHours(6));
            }
            if (config.initialLiquidity && !external) {
                activity.seedLiquidity();
            }
            for (String[] key : config.keys) {
                createAccount(key[0], key[1], parsePermissions(key[2]));
            }
            if (config.importedAccounts != null) {
                AccountStates.restore(exchange, config.importedAccounts);
            }
            if (replay != null) {
                replay.attach(exchange.feed(), exchange.markets().stream().map(MarketSpec::name)
                        .collect(Collectors.toSet()));
            }
        } catch (RuntimeException e) {
            if (replay != null) {
                replay.close();
            }
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts listening; returns once connections are accepted. */
    public synchronized ExchangeSimulator start() {
        if (server != null || ownApi != null) {
            return this;
        }
        if (config.inProcessOnly) {
            // No socket, no event loop: the in-process road is the only one, so nothing else needs starting.
            ownApi = new ApiService(exchange, config.limits, config.reqTimeWindow, config.clock);
            api = ownApi;
            return this;
        }
        vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(config.eventLoops).setWorkerPoolSize(1)
                .setBlockedThreadCheckInterval(10).setBlockedThreadCheckIntervalUnit(TimeUnit.SECONDS));
        // A replay's engine runs on the replayed time; callers sign with their real one.
        server = new SimulatorHttpServer(exchange, faults, streamFaults, config.limits, config.reqTimeWindow,
                config.streamChannelLimit, vertx, config.clock);
        try {
            server.start(config.host, config.port, config.eventLoops);
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("The simulator could not listen on " + config.host + ":" + config.port, e);
        }
        api = server.api();
        if (replay != null && !config.replayStepped && !replayStarted) {
            replayStarted = true;
            replay.play();
        }
        if (config.activityInterval != null && activity != null) {
            activityTimer = vertx.setPeriodic(config.activityInterval.toMillis(), id -> activity.step());
        }
        return this;
    }

    /**
     * Stops listening and releases every thread; a replay ends for good. The market state is kept until the
     * object is dropped.
     */
    public synchronized void stop() {
        api = null;
        ownApi = null;
        if (replay != null) {
            replay.close();
        }
        if (vertx != null) {
            if (activityTimer >= 0) {
                vertx.cancelTimer(activityTimer);
                activityTimer = -1;
            }
            if (server != null) {
                server.close();
            }
            try {
                vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // Stopping is best effort; the event loop threads are daemons.
            }
        }
        server = null;
        vertx = null;
    }

    @Override
    public void close() {
        stop();
    }

    /** The market-data address, {@code http://host:port}; market data is under {@code /data/v1}. */
    public String baseUrl() {
        return "http://" + config.host + ":" + port();
    }

    /** The trade address, {@code http://host:port}; signed calls are under {@code /api}. */
    public String tradeUrl() {
        return baseUrl();
    }

    /** The WebSocket address, {@code ws://host:port/websocket}; quick depth is under {@code /websocket/<coin>}. */
    public String websocketUrl() {
        return "ws://" + config.host + ":" + port() + "/websocket";
    }

    public int port() {
        if (config.inProcessOnly) {
            throw new IllegalStateException("This simulator serves in process only (inProcessOnly): it has no port");
        }
        if (server == null) {
            throw new IllegalStateException("The simulator is not started");
        }
        return server.port();
    }

    public Variant variant() {
        return config.variant;
    }

    public Clock clock() {
        return config.clock;
    }

    /**
     * Creates a user with {@link #DEFAULT_FUNDS} (or the {@link Builder#funds}), addresses and a withdrawal history,
     * and one key with the given permissions (all four when none is given). A simulator that follows an external
     * market (a live feed or a replay) is a paper exchange: its users get no withdrawal history and addresses that
     * are not addresses ({@link AccountSeeder#paper}).
     */
    public synchronized SimulatorAccount createAccount(String accessKey, String secretKey, Permission... permissions) {
        return createAccount(accessKey, secretKey, permissions.length == 0 ? Permission.all()
                : EnumSet.copyOf(Arrays.asList(permissions)));
    }

    private synchronized SimulatorAccount createAccount(String accessKey, String secretKey, Set<Permission> perms) {
        User user = exchange.createUser("user" + accessKey.hashCode(), false);
        exchange.locked(() -> {
            if (exchange.followsExternalMarket()) {
                AccountSeeder.paper(user);
            } else {
                AccountSeeder.seed(user, config.seed, config.clock.millis());
            }
            return null;
        });
        config.funds.forEach((coin, amount) -> {
            exchange.deposit(user, 0, coin, amount);
            exchange.deposit(user, 1, coin, amount);
        });
        return register(exchange.addKey(user, accessKey, secretKey, perms));
    }

    /** Adds a second key to the user of an existing account (variant B limits requests per user). */
    public synchronized SimulatorAccount addKey(SimulatorAccount account, String accessKey, String secretKey,
                                                Permission... permissions) {
        Set<Permission> perms = permissions.length == 0 ? Permission.all() : EnumSet.copyOf(Arrays.asList(permissions));
        return register(exchange.addKey(account.user(), accessKey, secretKey, perms));
    }

    private SimulatorAccount register(ApiKey key) {
        SimulatorAccount account = new SimulatorAccount(exchange, key);
        accounts.put(key.accessKey(), account);
        return account;
    }

    /** The account of an access key. */
    public synchronized SimulatorAccount account(String accessKey) {
        SimulatorAccount account = accounts.get(accessKey);
        if (account == null) {
            throw new IllegalArgumentException("No account with access key " + accessKey);
        }
        return account;
    }

    /**
     * The trading fees kept so far in a coin: buyers pay in the base coin, sellers in the quote coin
     * (see {@link Builder#fees}).
     */
    public BigDecimal feesCollected(String coin) {
        return exchange.feesCollected(coin);
    }

    /** Faults to play on the next calls of a method. */
    public FaultPlan faults() {
        return faults;
    }

    /**
     * Faults of the WebSocket interface: drops, stalls, malformed frames, refused upgrades, and the replies to signed
     * frames dropped, cut off, delayed or replaced ({@link StreamFaults#injectReply}).
     */
    public StreamFaults streamFaults() {
        return streamFaults;
    }

    /** Open WebSocket connections now. */
    public int streamConnections() {
        return server == null ? 0 : server.streamConnections();
    }

    /** WebSocket connections accepted since the simulator started. */
    public long streamConnectionsOpened() {
        return server == null ? 0 : server.streamConnectionsOpened();
    }

    /** How many connections are subscribed to a channel now, e.g. {@code btcusdt_trades}. */
    public int streamSubscriptions(String channel) {
        return server == null ? 0 : server.streamSubscriptions(channel);
    }

    /** Data frames pushed on the WebSocket interface: snapshots on subscribe and pushes on change. */
    public long streamFramesPushed() {
        return server == null ? 0 : server.streamFramesPushed();
    }

    /**
     * Signed frames received on the WebSocket for a method, named as the end of its channel: {@code order} for
     * {@code btcusdt_order}, {@code cancelorder}, {@code getaccountinfo}, ... (refused ones included). They are not
     * among {@link #requestCount(String)}, which counts REST calls.
     */
    public long streamRequestCount(String method) {
        return server == null ? 0 : server.streamRequestCount(method);
    }

    /** Subscriptions to an account push channel ({@code push_user_incr_record}, {@code push_user_incr_asset}) now. */
    public int streamAccountSubscriptions(String channel) {
        return server == null ? 0 : server.streamAccountSubscriptions(channel);
    }

    /** Pongs sent on the WebSocket interface: the answers to clients' pings (not counted as pushed). */
    public long streamPongs() {
        return server == null ? 0 : server.streamPongs();
    }

    /**
     * Every trade of a market still on the tape (the latest 200,000), in tid order, history included:
     * what a client that stayed subscribed to {@code <pair>_trades} should have received, from its
     * subscription on.
     */
    public List<Trade> tape(String market) {
        return exchange.tradesAfter(market, -1);
    }

    /**
     * The synthetic traders; with activity switched off, tests step them by hand with
     * {@code activity().step()}, or make a trade happen exactly by placing crossing orders from two
     * accounts (a resting order, then an opposite one at its price), each of which pushes on the stream.
     */
    public MarketActivity activity() {
        if (activity == null) {
            throw new IllegalStateException("A simulator that follows an external market has no synthetic traders");
        }
        return activity;
    }

    /**
     * Feeds the external market a simulator follows ({@link Builder#externalMarket}; a replay feeds it from
     * the recording): its trades, book, ticker and candles.
     *
     * @throws IllegalStateException when the simulator makes its own market
     */
    public MarketFeed feed() {
        return exchange.feed();
    }

    /**
     * The replay of a simulator built with {@link Builder#replay}: its clock, stepping and playing.
     *
     * @throws IllegalStateException when the simulator replays nothing
     */
    public Replay replay() {
        if (replay == null) {
            throw new IllegalStateException("This simulator replays no recording");
        }
        return replay;
    }

    /** Every fill of the account with this access key, oldest first (see {@link SimulatorAccount#fills()}). */
    public List<Fill> fills(String accessKey) {
        return account(accessKey).fills();
    }

    /**
     * The accounts (every user with a key) as JSON text: balances, orders with what is left of the open ones,
     * their fills, and the sequences that number orders and fills; no secrets. A simulator built with the
     * same keys and {@link Builder#importAccounts} goes on from there.
     */
    public String exportAccounts() {
        return AccountStates.export(exchange);
    }

    /** The engine and its state, for assertions that go beyond the HTTP API. */
    public SimulatedExchange exchange() {
        return exchange;
    }

    /**
     * The API in process: calls made on the caller's thread that meet every check an HTTP call meets, but no fault
     * and no socket (see {@link InProcessApi}). Served while the simulator is started.
     */
    public InProcessApi inProcess() {
        return new InProcessApi(() -> api, inProcessRequests);
    }

    /** Calls made through {@link #inProcess()}, whatever came of them; none of them is an HTTP request. */
    public long inProcessRequestCount() {
        return inProcessRequests.sum();
    }

    /** Every HTTP request received, whatever came of it (calls made {@link #inProcess() in process} are not). */
    public long requestCount() {
        return server == null ? 0 : server.requestCount();
    }

    /**
     * HTTP requests received for the signed interface ({@code /api/<method>}, any method, whatever came of them):
     * what a test counts to show that nothing signed reached this exchange.
     */
    public long signedRequestCount() {
        return server == null ? 0 : server.signedRequestCount();
    }

    /**
     * Requests received for one method or market-data operation (the last path segment), over HTTP and
     * {@link #inProcess() in process}.
     */
    public long requestCount(String method) {
        if (ownApi != null) {
            return ownApi.requestCount(method);
        }
        return server == null ? 0 : server.requestCount(method);
    }

    /** Error replies sent with this reply code, e.g. 4002 (too frequent) or 4001 (IP locked), on either road. */
    public long errorReplyCount(int code) {
        if (ownApi != null) {
            return ownApi.errorReplyCount(code);
        }
        return server == null ? 0 : server.errorReplyCount(code);
    }

    @Override
    public String toString() {
        String serving = server != null ? baseUrl() : ownApi != null ? "in process only" : "stopped";
        return "ExchangeSimulator[variant=" + config.variant + ", " + serving + "]";
    }

    /** Funds are of the coins the wallets hold: the five standard ones and those the markets name. */
    private static void requireKnownCoins(Map<String, BigDecimal> funds, SimulatedExchange exchange) {
        for (String coin : funds.keySet()) {
            if (!exchange.coins().exists(coin)) {
                throw new IllegalArgumentException("Funds of " + coin + ": the simulator's wallets hold "
                        + exchange.coins().all().stream().map(Coin::key).collect(Collectors.joining(", ")));
            }
        }
    }

    private static Set<Permission> parsePermissions(String text) {
        if (text == null || text.isBlank()) {
            return Permission.all();
        }
        Set<Permission> perms = EnumSet.noneOf(Permission.class);
        for (String flag : text.split(",")) {
            perms.add(Permission.fromFlag(flag));
        }
        return perms;
    }

    private static Map<String, BigDecimal> defaultFunds() {
        Map<String, BigDecimal> funds = new LinkedHashMap<>();
        funds.put("btc", new BigDecimal("10"));
        funds.put("eth", new BigDecimal("200"));
        funds.put("ltc", new BigDecimal("1000"));
        funds.put("xrp", new BigDecimal("100000"));
        funds.put("usdt", new BigDecimal("1000000"));
        return Map.copyOf(funds);
    }

    /** How a simulator is set up. Defaults: variant A, seed 1, 127.0.0.1 on a free port, activity on. */
    public static final class Builder {
        private Variant variant = Variant.A;
        private long seed = 1;
        private String host = "127.0.0.1";
        private int port;
        private Clock clock = Clock.systemUTC();
        private SimulatorLimits limits;
        private Duration reqTimeWindow = Duration.ofSeconds(60);
        private Duration activityInterval = Duration.ofMillis(250);
        private ActivityFlow activityFlow = ActivityFlow.SPREAD;
        private boolean initialLiquidity = true;
        private boolean history = true;
        // One trade every 10 s over the six hours: enough for 1-minute candles with a high and low of their own.
        private int historyTrades = 2160;
        private int eventLoops = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        private List<MarketSpec> markets = Markets.defaults();
        private TradingFees fees = TradingFees.DEFAULT;
        private int streamChannelLimit = 256;
        private final List<String[]> keys = new ArrayList<>();
        private List<MarketSpec> externalMarkets;
        private FillModel fillModel = FillModel.DEFAULT;
        private Duration ownClock;
        private Path replayFile;
        private double replaySpeed = 1;
        private boolean replayStepped;
        private String importedAccounts;
        private Map<String, BigDecimal> funds = DEFAULT_FUNDS;
        private boolean inProcessOnly;

        private Builder() {
        }

        public Builder variant(Variant variant) {
            this.variant = Objects.requireNonNull(variant, "variant");
            return this;
        }

        /** Everything random (activity, history, addresses) derives from this seed. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            return this;
        }

        /** 0 (the default) picks a free port. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The clock of trades, K-lines, rate-limit windows, the IP lock and reqTime checks. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** Defaults to the limits of the chosen variant. */
        public Builder limits(SimulatorLimits limits) {
            this.limits = limits;
            return this;
        }

        /** How far {@code reqTime} may be from the simulator's clock (default 60 s). */
        public Builder reqTimeWindow(Duration window) {
            this.reqTimeWindow = Objects.requireNonNull(window, "window");
            return this;
        }

        /** Synthetic traders act every {@code interval} (default 250 ms). */
        public Builder activityInterval(Duration interval) {
            this.activityInterval = Objects.requireNonNull(interval, "interval");
            return this;
        }

        /**
         * Switches the synthetic traders' timer on or off. Off, the market only moves when a test calls
         * {@code activity().step()}, which makes results exact.
         */
        public Builder activity(boolean on) {
            this.activityInterval = on ? (activityInterval == null ? Duration.ofMillis(250) : activityInterval) : null;
            return this;
        }

        /** How the synthetic traders quote, cancel and take (default {@link ActivityFlow#SPREAD}). */
        public Builder activityFlow(ActivityFlow flow) {
            this.activityFlow = Objects.requireNonNull(flow, "flow");
            return this;
        }

        /** Whether every book starts with quotes on both sides (default true). */
        public Builder initialLiquidity(boolean on) {
            this.initialLiquidity = on;
            return this;
        }

        /** Whether every market starts with six hours of past trades (default true). */
        public Builder history(boolean on) {
            this.history = on;
            return this;
        }

        /** No activity, no history, no quotes: empty books for exact tests of the engine. */
        public Builder quiet() {
            return activity(false).initialLiquidity(false).history(false);
        }

        /**
         * Trading fee rates (default 0.2% each). The maker of a fill pays {@code maker}, the taker
         * {@code taker}, out of what it receives: a buyer gets the base coin less its fee, a seller the
         * quote coin less its fee. Fees round up to the received coin's 8 decimals (6 for XRP).
         */
        public Builder fees(BigDecimal maker, BigDecimal taker) {
            this.fees = new TradingFees(maker, taker);
            return this;
        }

        /** No trading fees: fills move exactly price x amount, for tests about something else. */
        public Builder noFees() {
            this.fees = TradingFees.NONE;
            return this;
        }

        /**
         * How many channels one WebSocket connection may hold (default 256); one more is refused with
         * a 1007 error frame.
         */
        public Builder streamChannelLimit(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("The channel limit must be at least 1: " + limit);
            }
            this.streamChannelLimit = limit;
            return this;
        }

        public Builder markets(List<MarketSpec> markets) {
            this.markets = List.copyOf(markets);
            return this;
        }

        public Builder eventLoops(int eventLoops) {
            this.eventLoops = Math.max(1, eventLoops);
            return this;
        }

        /**
         * Follows an external market instead of making one: these markets (the external service's names,
         * scales and minimums), no synthetic traders, history or quotes; the market data is what
         * {@link ExchangeSimulator#feed()} is given, and the accounts' orders are paper orders filled against
         * it by the {@link FillModel} (see {@link #fillModel}, {@link #fillAtTouch}, {@link #latency} and
         * {@link #staleBookAfter}).
         */
        public Builder externalMarket(List<MarketSpec> markets) {
            this.externalMarkets = List.copyOf(markets);
            return this;
        }

        /**
         * The touch model ({@link FillModel.Kind#TOUCH}) with this share (0 to 1) of an external trade's amount
         * filling resting paper orders at exactly its price.
         */
        public Builder fillAtTouch(BigDecimal share) {
            this.fillModel = fillModel.withAtTouch(share);
            return this;
        }

        /**
         * Which rule fills resting paper orders at exactly a trade's price (default
         * {@link FillModel#DEFAULT_KIND}); see {@link FillModel.Kind}. The touch model chosen here, without
         * {@link #fillAtTouch}, fills whole on a trade at the price.
         */
        public Builder fillModel(FillModel.Kind kind) {
            this.fillModel = fillModel.withKind(Objects.requireNonNull(kind, "kind"));
            return this;
        }

        /**
         * How long, by the market's clock, a paper order takes to reach the book and a cancel to take effect
         * (default 0: at once); at most {@link FillModel#MAX_LATENCY}. Until then the order is open without
         * fills, and a taker meets the book the market showed when it arrived.
         */
        public Builder latency(Duration delay) {
            this.fillModel = fillModel.withLatency(Objects.requireNonNull(delay, "delay"));
            return this;
        }

        /**
         * Paper orders on this simulator's clock ({@link #clock}), which the external market's dates confirm and
         * never lead: an order is dated by this clock, and a trade, book, ticker or candle dated more than
         * {@code mostAhead} after it is refused ({@link MarketFeed#datesAhead()}), however many come. Without it,
         * orders are dated by the market's clock as its data tell it (see {@link MarketFeed}), which is what a
         * replay on the recording's time needs; a simulator following a live market is better off on its own
         * clock: no wrongly dated piece of data can then date orders after the trades that should fill them.
         *
         * @param mostAhead from zero to a day: how far ahead of this clock an honest date may be (the two clocks'
         *                  skew)
         */
        public Builder ownClock(Duration mostAhead) {
            Objects.requireNonNull(mostAhead, "mostAhead");
            if (mostAhead.isNegative() || mostAhead.compareTo(MarketDates.MOST_AHEAD) > 0) {
                throw new IllegalArgumentException("ownClock: the lead must be from zero to "
                        + MarketDates.MOST_AHEAD + ": " + mostAhead);
            }
            this.ownClock = mostAhead;
            return this;
        }

        /** How long a fed book may be taken from (default 30 s); an older one counts as no book. */
        public Builder staleBookAfter(Duration age) {
            this.fillModel = fillModel.withStaleBookAfter(age);
            return this;
        }

        /**
         * Replays a recording (JSON lines, see {@code RecordingWriter}) as an external market: its markets are
         * those given with {@link #externalMarket}, else those the recording names, else {@link #markets}; its
         * clock is the replay's, which plays from the first line once the simulator starts, at {@link #speed}
         * (or moves only when told, with {@link #stepped()}). Rate limits and {@code reqTime} keep to
         * {@link #clock}.
         */
        public Builder replay(Path recording) {
            this.replayFile = Objects.requireNonNull(recording, "recording");
            return this;
        }

        /**
         * How fast a replay plays: 1 (the default) is real time, 60 a minute a second,
         * {@code Double.POSITIVE_INFINITY} as fast as it reads.
         */
        public Builder speed(double speed) {
            if (!(speed > 0)) {
                throw new IllegalArgumentException("A replay speed must be positive: " + speed);
            }
            this.replaySpeed = speed;
            return this;
        }

        /**
         * The replay does not play by itself: it stands at its first line until the test calls
         * {@code replay().step()}, {@code runUntil(time)} or {@code play()}.
         */
        public Builder stepped() {
            this.replayStepped = true;
            return this;
        }

        /**
         * Restores accounts exported with {@link ExchangeSimulator#exportAccounts()}; each needs one of its
         * access keys given with {@link #key}. For a simulator that follows an external market.
         */
        public Builder importAccounts(String exported) {
            this.importedAccounts = Objects.requireNonNull(exported, "exported");
            return this;
        }

        /**
         * What a new account holds in each coin, spot and margin alike (default {@link #DEFAULT_FUNDS}); the coins
         * not named hold nothing. The coins are those of the markets and the five standard ones.
         */
        public Builder funds(Map<String, BigDecimal> funds) {
            for (Map.Entry<String, BigDecimal> e : funds.entrySet()) {
                if (e.getKey() == null || e.getValue() == null || e.getValue().signum() < 0) {
                    throw new IllegalArgumentException("Funds are a coin and an amount not below zero: " + e);
                }
            }
            this.funds = Map.copyOf(funds);
            return this;
        }

        /** Creates a funded account with this key at construction, with all four permissions. */
        public Builder key(String accessKey, String secretKey) {
            return key(accessKey, secretKey, null);
        }

        /** @param permissions comma-separated flags such as {@code assetPerm,entrustPerm}; null for all */
        public Builder key(String accessKey, String secretKey, String permissions) {
            keys.add(new String[] {accessKey, secretKey, permissions});
            return this;
        }

        /**
         * Serves its API {@link ExchangeSimulator#inProcess() in process} only: {@link #start()} opens no port and
         * starts no Vert.x instance (no HTTP, no WebSocket; {@link #baseUrl()} and {@link #port()} refuse). For a
         * simulator that follows an external market fed in process and is called only in process, such as a
         * backtest's paper exchange: a sweep starts one per point, and the server was most of the point's start.
         */
        public Builder inProcessOnly() {
            this.inProcessOnly = true;
            return this;
        }

        public ExchangeSimulator build() {
            if (inProcessOnly && (externalMarkets == null || replayFile != null)) {
                throw new IllegalStateException("inProcessOnly is for a simulator that follows an external market"
                        + " fed in process (externalMarket): its own market and a replay need their event loop");
            }
            if (limits == null) {
                limits = SimulatorLimits.forVariant(variant);
            }
            if (importedAccounts != null && externalMarkets == null && replayFile == null) {
                throw new IllegalStateException("Accounts are imported into a simulator that follows an external"
                        + " market (externalMarket or replay): its own market has quotes an open order would cross");
            }
            if (ownClock != null && (externalMarkets == null || replayFile != null)) {
                throw new IllegalStateException("ownClock is for a simulator that follows an external market"
                        + " (externalMarket), not a replay, which runs on the recording's time");
            }
            return new ExchangeSimulator(this);
        }
    }
}
