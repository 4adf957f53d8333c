package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.CoinSet;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The state of the simulated exchange: markets with their books, trades and K-lines, users with
 * their wallets and orders. Every operation runs under one lock, so a fill that moves funds between
 * two users and feeds trades, ticker and K-lines is atomic; the work per call is small, so one lock is
 * both simplest and fast enough.
 */
public final class SimulatedExchange {
    private static final int TAPE_CAPACITY = 200_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final Variant variant;
    private final Clock clock;
    private final TradingFees fees;
    private final Settlement settlement;
    /** Null unless the exchange follows an external market; then it is the paper orders' only counterparty. */
    private final PaperMatcher paper;
    private final ExternalFeed feed;
    private final ChangeNotifier changes = new ChangeNotifier();
    private final AccountChanges accounts;
    private final Map<String, MarketState> markets = new LinkedHashMap<>();
    private final CoinSet coins;
    private final Map<String, ApiKey> keys = new ConcurrentHashMap<>();
    private final OrderHistory history = new OrderHistory();
    private long nextUserId = 1;

    public SimulatedExchange(Variant variant, Clock clock, Collection<MarketSpec> specs, long firstTid,
                             TradingFees fees) {
        this(variant, clock, specs, firstTid, fees, null);
    }

    /**
     * @param externalMarket null for a market of its own; otherwise the exchange follows an external market
     *                       fed through {@link #feed()} and fills orders against it with this model
     */
    public SimulatedExchange(Variant variant, Clock clock, Collection<MarketSpec> specs, long firstTid,
                             TradingFees fees, FillModel externalMarket) {
        this(variant, clock, specs, firstTid, fees, externalMarket, null);
    }

    /**
     * @param externalMarket null for a market of its own; otherwise the exchange follows an external market
     *                       fed through {@link #feed()} and fills orders against it with this model
     * @param ownClock       with an external market: null to date paper orders by the market's clock as its dates
     *                       tell it; else paper orders are dated by {@code clock}, and a date of the market more than
     *                       this after it is refused
     */
    public SimulatedExchange(Variant variant, Clock clock, Collection<MarketSpec> specs, long firstTid,
                             TradingFees fees, FillModel externalMarket, Duration ownClock) {
        this.variant = variant;
        this.clock = clock;
        this.fees = fees;
        this.accounts = new AccountChanges(variant);
        this.settlement = new Settlement(fees, externalMarket == null ? null : externalMarket.name(), accounts);
        this.paper = externalMarket == null ? null : new PaperMatcher(externalMarket, settlement, ownClock);
        this.feed = externalMarket == null ? null : new ExternalFeed(this);
        List<String> named = new ArrayList<>();
        for (MarketSpec spec : specs) {
            markets.put(spec.name(), new MarketState(spec, firstTid, TAPE_CAPACITY, externalMarket != null));
            named.add(spec.baseCoin());
            named.add(spec.quoteCoin());
        }
        this.coins = CoinSet.of(named);
    }

    /** The coins of the wallets: the five standard ones and every other coin the markets name. */
    public CoinSet coins() {
        return coins;
    }

    public Variant variant() {
        return variant;
    }

    public Clock clock() {
        return clock;
    }

    public TradingFees fees() {
        return fees;
    }

    /** The sum of trading fees kept so far in a coin. */
    public BigDecimal feesCollected(String coin) {
        return locked(() -> settlement.collected(coin));
    }

    /** Whether the market is an external one's, fed through {@link #feed()}, with paper orders only. */
    public boolean followsExternalMarket() {
        return paper != null;
    }

    /**
     * What feeds the external market's data in.
     *
     * @throws IllegalStateException when the exchange makes a market of its own
     */
    public ExternalFeed feed() {
        if (feed == null) {
            throw new IllegalStateException("This exchange makes its own market; it follows no external one");
        }
        return feed;
    }

    PaperMatcher paper() {
        return paper;
    }

    /** How paper orders fill; null when the exchange makes its own market. */
    public FillModel fillModel() {
        return paper == null ? null : paper.model();
    }

    Settlement settlement() {
        return settlement;
    }

    void markChanged(String market) {
        changes.mark(market);
    }

    // ---------------------------------------------------------------- users and keys

    public User createUser(String username, boolean unlimited) {
        return locked(() -> new User(nextUserId++, username, unlimited, coins));
    }

    public ApiKey addKey(User user, String accessKey, String secretKey, Set<Permission> permissions) {
        ApiKey key = new ApiKey(accessKey, secretKey, permissions, user);
        if (keys.putIfAbsent(accessKey, key) != null) {
            throw new IllegalArgumentException("Access key already exists: " + accessKey);
        }
        return key;
    }

    /** The key with this access key, or null. */
    public ApiKey key(String accessKey) {
        return accessKey == null ? null : keys.get(accessKey);
    }

    public void deposit(User user, int acctType, String coin, BigDecimal amount) {
        locked(() -> {
            accounts.touch(user, acctType, coin);
            user.wallet(acctType).deposit(coin, amount);
            return null;
        });
    }

    /** Runs {@code action} under the exchange lock (for reads of wallets and addresses). */
    public <T> T locked(Supplier<T> action) {
        lock.lock();
        Set<String> changed = Set.of();
        try {
            return action.get();
        } finally {
            // Only the outermost holder reports, after letting go: listeners never run under the lock. The account
            // changes are handed over under it, so that they reach a listener in the order they happened.
            if (lock.getHoldCount() == 1) {
                changed = changes.drain();
                accounts.flush();
            }
            lock.unlock();
            changes.tell(changed);
            accounts.wake();
        }
    }

    /**
     * Calls {@code listener} with a market's name after every operation that changed its book or its
     * trades (orders, cancels, batches, the synthetic traders' steps, historical trades), once the
     * exchange lock is released. It runs on the thread of that operation, so it should only hand over.
     *
     * @return undoes the registration
     */
    public Runnable onChange(Consumer<String> listener) {
        return changes.add(listener);
    }

    /**
     * Tells {@code listener} of every change of the accounts it watches: orders placed, filled and cancelled, and
     * the spot balances each operation changed (see {@link AccountEvent}), in the order they happened.
     *
     * @return undoes the registration
     */
    public Runnable onAccountChange(AccountListener listener) {
        return accounts.add(listener);
    }

    // ---------------------------------------------------------------- markets

    public Collection<MarketSpec> markets() {
        return markets.values().stream().map(m -> m.spec).toList();
    }

    public MarketSpec market(String name) {
        MarketState state = name == null ? null : markets.get(name);
        return state == null ? null : state.spec;
    }

    MarketState state(String market) {
        MarketState state = market == null ? null : markets.get(market);
        if (state == null) {
            throw ExchangeError.invalidArguments("unknown market " + Echo.quoted(market));
        }
        return state;
    }

    // ---------------------------------------------------------------- trading

    /**
     * Places one order: validates it, freezes funds, matches it and rests or cancels what is left. A paper order
     * with latency is sent: it stays open, unfilled, until it reaches the book (see {@link PaperMatcher}).
     */
    public Order place(User user, OrderCommand command) {
        return locked(() -> {
            MarketState market = caughtUp(command.market());
            OrderRules.validate(variant, market.spec, command.price(), command.amount());
            String cid = command.customerOrderId();
            OrderRules.checkCustomerOrderId(cid);
            if (cid != null && history.hasCustomerId(user, cid)) {
                throw new ExchangeError(ExchangeError.DUPLICATE_CUSTOMER_ORDER_ID,
                        "Duplicate customerOrderId " + Echo.quoted(cid));
            }
            if (command.type() == OrderType.POST_ONLY && wouldCross(market, command.side(), command.price())) {
                throw new ExchangeError(ExchangeError.ABNORMAL_PRICE, "PostOnly order would trade immediately");
            }
            accounts.touch(user, command.acctType(), market.spec.baseCoin(), market.spec.quoteCoin());
            OrderRules.freeze(user.wallet(command.acctType()), market.spec, command.side(),
                    OrderRules.frozenFor(command.side(), command.price(), command.amount()));
            return execute(user, market, command);
        });
    }

    /**
     * Places several orders of one side in one market, all or none: every pair is validated and the
     * total funds are checked before the first one is placed.
     */
    public List<Order> placeBatch(User user, String marketName, Side side, int acctType, List<BigDecimal[]> pairs) {
        return locked(() -> {
            MarketState market = caughtUp(marketName);
            BigDecimal total = BigDecimal.ZERO;
            for (BigDecimal[] pair : pairs) {
                OrderRules.validate(variant, market.spec, pair[0], pair[1]);
                total = total.add(OrderRules.frozenFor(side, pair[0], pair[1]));
            }
            accounts.touch(user, acctType, market.spec.baseCoin(), market.spec.quoteCoin());
            OrderRules.freeze(user.wallet(acctType), market.spec, side, total);
            List<Order> placed = new ArrayList<>(pairs.size());
            for (BigDecimal[] pair : pairs) {
                placed.add(execute(user, market, new OrderCommand(marketName, side, pair[0], pair[1], acctType, null,
                        OrderType.LIMIT)));
            }
            return placed;
        });
    }

    private boolean wouldCross(MarketState market, Side side, BigDecimal price) {
        return paper != null ? paper.wouldCross(market, side, price, clock.millis())
                : market.book.wouldCross(side, price);
    }

    private Order execute(User user, MarketState market, OrderCommand command) {
        long now = clock.millis();
        Order order = history.create(user, market.spec, command, now, paper != null ? paper.marketTime(now) : now);
        changes.mark(market.spec.name());
        accounts.order(order);
        if (paper != null) {
            paper.place(market, order, now);
            return order;
        }
        market.book.match(order, (maker, qty) -> settle(market, order, maker, qty, now));
        if (order.isOpen()) {
            if (command.type() == OrderType.IOC) {
                cancelResting(order);
            } else {
                market.book.rest(order);
            }
        }
        return order;
    }

    /** One fill at the maker's price: funds move between the two wallets, the trade goes public. */
    private void settle(MarketState market, Order taker, Order maker, BigDecimal qty, long now) {
        settlement.trade(taker, maker, qty, now);
        record(market, new Trade(market.tape.nextTid(), now, maker.price(), qty, taker.side()));
    }

    void record(MarketState market, Trade trade) {
        changes.mark(market.spec.name());
        market.tape.append(trade);
        market.candles.add(trade);
    }

    /**
     * Adds a trade to the public history without a book behind it, e.g. to give a fresh simulator a
     * past. Times must not go backwards.
     */
    public void recordHistoricalTrade(String marketName, long epochMillis, BigDecimal price, BigDecimal amount,
                                      Side takerSide) {
        locked(() -> {
            MarketState market = state(marketName);
            record(market, new Trade(market.tape.nextTid(), epochMillis,
                    price.setScale(market.spec.priceScale(), java.math.RoundingMode.HALF_UP),
                    amount.setScale(market.spec.amountScale(), java.math.RoundingMode.HALF_UP), takerSide));
            return null;
        });
    }

    /**
     * Cancels an open order of the user, found by id or customer order id. A paper cancel with latency is sent: the
     * order stays open, and may still fill, until the cancel takes effect; a second cancel meanwhile changes nothing.
     */
    public Order cancel(User user, String marketName, Long id, String customerOrderId) {
        return locked(() -> {
            MarketState market = caughtUp(marketName);
            Order order = history.find(user, marketName, id, customerOrderId);
            if (!order.isOpen()) {
                throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "Order " + order.id() + " is not open");
            }
            if (paper != null) {
                paper.cancel(market, order, clock.millis());
            } else {
                market.book.remove(order);
                cancelResting(order);
            }
            changes.mark(marketName);
            return order;
        });
    }

    /**
     * The state of a market, after the paper orders and cancels on their way reached it as far as the market's
     * clock has gone: what a call sees is the market as it stands, whether data came since or not.
     */
    private MarketState caughtUp(String marketName) {
        MarketState market = state(marketName);
        if (paper != null) {
            long now = clock.millis();
            if (paper.catchUp(market, Long.MAX_VALUE, now)) {
                changes.mark(marketName);
            }
        }
        return market;
    }

    private void cancelResting(Order order) {
        settlement.cancel(order);
    }

    /** The user's order by id or customer order id, or error 3001. */
    public Order order(User user, String marketName, Long id, String customerOrderId) {
        return locked(() -> {
            caughtUp(marketName);
            return history.find(user, marketName, id, customerOrderId);
        });
    }

    /**
     * One page (from 1) of the user's orders in a market, newest first.
     *
     * @param side null for both sides
     */
    public List<Order> orders(User user, String marketName, Side side, boolean openOnly, int pageIndex, int pageSize) {
        return locked(() -> {
            caughtUp(marketName);
            return history.page(user, marketName, side, openOnly, pageIndex, pageSize);
        });
    }

    /** The open orders of a user on one side of a market, best price first. */
    public List<Order> openOrders(User user, String marketName, Side side) {
        return locked(() -> caughtUp(marketName).book.orders(side).stream().filter(o -> o.user() == user).toList());
    }

    /** Every fill of the user's orders, oldest first. */
    public List<Fill> fills(User user) {
        return locked(() -> {
            markets.keySet().forEach(this::caughtUp);
            return history.fills(user);
        });
    }

    // ---------------------------------------------------------------- for AccountStates, under the lock

    Collection<ApiKey> apiKeys() {
        return keys.values();
    }

    OrderHistory history() {
        return history;
    }

    /** Whether the order's cancel was accepted and has not taken effect yet (paper latency). */
    boolean cancelSent(Order order) {
        return paper != null && paper.cancelSent(order);
    }

    /**
     * An imported order whose cancel was accepted before the export: it takes effect now, as the time it needed
     * has long passed, and a cancel once accepted is never lost.
     */
    void cancelImported(Order order) {
        if (order.isOpen()) {
            state(order.market().name()).book.remove(order);
            cancelResting(order);
        }
    }

    /** An imported order: in the history, and on the book while open (call in time order). */
    void restore(Order order) {
        history.keep(order);
        if (order.isOpen()) {
            state(order.market().name()).book.rest(order);
        }
    }

    // ---------------------------------------------------------------- market data

    public TickerSnapshot ticker(String marketName) {
        return locked(() -> ticker(state(marketName)));
    }

    /** Tickers of all markets, keyed by market name. */
    public Map<String, TickerSnapshot> tickers() {
        return locked(() -> {
            Map<String, TickerSnapshot> out = new LinkedHashMap<>();
            markets.forEach((name, state) -> out.put(name, ticker(state)));
            return out;
        });
    }

    private TickerSnapshot ticker(MarketState market) {
        long now = clock.millis();
        TickerSnapshot s = market.dayStats(now);
        if (market.external != null) {
            return market.external.ticker(s, now);
        }
        BigDecimal buy = market.book.best(Side.BUY);
        BigDecimal sell = market.book.best(Side.SELL);
        return new TickerSnapshot(s.high(), s.low(), buy == null ? BigDecimal.ZERO : buy,
                sell == null ? BigDecimal.ZERO : sell, s.last(), s.vol(), now, s.open(), s.turnover());
    }

    /**
     * The book, best first on both sides.
     *
     * @param merge null for exact levels; otherwise the bucket step, and only 5 levels are returned
     */
    public DepthSnapshot depth(String marketName, int size, BigDecimal merge) {
        if (merge != null) {
            // Bucketing divides and multiplies by the step: bounded first, like a price.
            BoundedDecimal.check(merge, "merge", ExchangeError.INVALID_ARGUMENTS);
        }
        return locked(() -> {
            MarketState market = state(marketName);
            if (market.external != null) {
                return market.external.depth(size, merge, clock.millis());
            }
            OrderBook book = market.book;
            if (merge != null) {
                return new DepthSnapshot(book.mergedLevels(Side.SELL, merge, MergedLevels.SIZE), book.mergedLevels(Side.BUY, merge, MergedLevels.SIZE),
                        clock.millis());
            }
            return new DepthSnapshot(book.levels(Side.SELL, size), book.levels(Side.BUY, size), clock.millis());
        });
    }

    /** The 50 trades after {@code since}, or the latest 50 when it is null; oldest first. */
    public List<Trade> trades(String marketName, Long since) {
        return locked(() -> {
            MarketState market = state(marketName);
            return since == null ? market.tape.latest() : market.tape.after(since);
        });
    }

    /**
     * Every retained trade (the latest 200,000) of a market with a tid greater than {@code afterTid},
     * oldest first; {@code -1} for the whole tape.
     */
    public List<Trade> tradesAfter(String marketName, long afterTid) {
        return locked(() -> state(marketName).tape.allAfter(afterTid));
    }

    public List<Bar> klines(String marketName, KlineType type, Long since, int size) {
        return locked(() -> {
            MarketState market = state(marketName);
            List<Bar> fed = market.external == null ? null : market.external.klines(type, since, size);
            return fed != null ? fed : market.candles.query(type, since, size);
        });
    }

    /** Grows whenever a market's K-lines change (a trade, or a candle an external market reported). */
    public long klineVersion(String marketName) {
        return locked(() -> {
            MarketState market = state(marketName);
            return market.candles.version() + (market.external == null ? 0 : market.external.klineVersion());
        });
    }

    /** The number of price levels on one side of a market's book. */
    public int levelCount(String marketName, Side side) {
        return locked(() -> state(marketName).book.levelCount(side));
    }

    public BigDecimal best(String marketName, Side side) {
        return locked(() -> state(marketName).book.best(side));
    }

    public Trade lastTrade(String marketName) {
        return locked(() -> state(marketName).tape.last());
    }
}
