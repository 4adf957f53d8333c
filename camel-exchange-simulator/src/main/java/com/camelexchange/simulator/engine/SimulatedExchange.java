package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.Coins;
import com.camelexchange.simulator.account.InsufficientFundsException;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.account.Wallet;
import com.camelexchange.simulator.market.Bar;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * The state of the simulated exchange: markets with their books, trades and K-lines, users with
 * their wallets and orders. Every operation runs under one lock, so a fill that moves funds between
 * two users and feeds trades, ticker and K-lines is atomic; the work per call is small, so one lock is
 * both simplest and fast enough.
 */
public final class SimulatedExchange {
    private static final Pattern CUSTOMER_ORDER_ID = Pattern.compile("[A-Za-z0-9]{4,36}");
    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();
    private static final int TAPE_CAPACITY = 200_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final Variant variant;
    private final Clock clock;
    private final TradingFees fees;
    private final FeeLedger feesCollected = new FeeLedger();
    private final ChangeNotifier changes = new ChangeNotifier();
    private final Map<String, MarketState> markets = new LinkedHashMap<>();
    private final Map<String, ApiKey> keys = new ConcurrentHashMap<>();
    private final Map<Long, Order> orders = new HashMap<>();
    private final Map<User, List<Order>> ordersByUser = new HashMap<>();
    private final Map<User, Map<String, Order>> ordersByCustomerId = new HashMap<>();
    private long nextUserId = 1;
    private long nextOrderSequence = 1;
    private long nextBookSequence = 1;

    public SimulatedExchange(Variant variant, Clock clock, Collection<MarketSpec> specs, long firstTid,
                             TradingFees fees) {
        this.variant = variant;
        this.clock = clock;
        this.fees = fees;
        for (MarketSpec spec : specs) {
            markets.put(spec.name(), new MarketState(spec, firstTid, TAPE_CAPACITY));
        }
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
        return locked(() -> feesCollected.total(coin));
    }

    // ---------------------------------------------------------------- users and keys

    public User createUser(String username, boolean unlimited) {
        return locked(() -> new User(nextUserId++, username, unlimited));
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
            // Only the outermost holder reports, after letting go: listeners never run under the lock.
            if (lock.getHoldCount() == 1) {
                changed = changes.drain();
            }
            lock.unlock();
            changes.tell(changed);
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

    // ---------------------------------------------------------------- markets

    public Collection<MarketSpec> markets() {
        return markets.values().stream().map(m -> m.spec).toList();
    }

    public MarketSpec market(String name) {
        MarketState state = name == null ? null : markets.get(name);
        return state == null ? null : state.spec;
    }

    private MarketState state(String market) {
        MarketState state = market == null ? null : markets.get(market);
        if (state == null) {
            throw ExchangeError.invalidArguments("unknown market " + Echo.quoted(market));
        }
        return state;
    }

    // ---------------------------------------------------------------- trading

    /** Places one order: validates it, freezes funds, matches it and rests or cancels what is left. */
    public Order place(User user, OrderCommand command) {
        return locked(() -> {
            MarketState market = state(command.market());
            validate(market.spec, command.price(), command.amount());
            String cid = command.customerOrderId();
            if (cid != null) {
                if (!CUSTOMER_ORDER_ID.matcher(cid).matches()) {
                    throw ExchangeError.invalidArguments("customerOrderId must be 4-36 letters or digits");
                }
                if (customerIds(user).containsKey(cid)) {
                    throw new ExchangeError(ExchangeError.DUPLICATE_CUSTOMER_ORDER_ID,
                            "Duplicate customerOrderId " + Echo.quoted(cid));
                }
            }
            if (command.type() == OrderType.POST_ONLY && market.book.wouldCross(command.side(), command.price())) {
                throw new ExchangeError(ExchangeError.ABNORMAL_PRICE, "PostOnly order would trade immediately");
            }
            freeze(user.wallet(command.acctType()), market.spec, command.side(),
                    frozenFor(market.spec, command.side(), command.price(), command.amount()));
            return execute(user, market, command);
        });
    }

    /**
     * Places several orders of one side in one market, all or none: every pair is validated and the
     * total funds are checked before the first one is placed.
     */
    public List<Order> placeBatch(User user, String marketName, Side side, int acctType, List<BigDecimal[]> pairs) {
        return locked(() -> {
            MarketState market = state(marketName);
            BigDecimal total = BigDecimal.ZERO;
            for (BigDecimal[] pair : pairs) {
                validate(market.spec, pair[0], pair[1]);
                total = total.add(frozenFor(market.spec, side, pair[0], pair[1]));
            }
            Wallet wallet = user.wallet(acctType);
            freeze(wallet, market.spec, side, total);
            List<Order> placed = new ArrayList<>(pairs.size());
            for (BigDecimal[] pair : pairs) {
                placed.add(execute(user, market, new OrderCommand(marketName, side, pair[0], pair[1], acctType, null,
                        OrderType.LIMIT)));
            }
            return placed;
        });
    }

    private void validate(MarketSpec spec, BigDecimal price, BigDecimal amount) {
        // The bounds come first: callers of the engine need not have parsed through BoundedDecimal, and a
        // value like 1E+999999999 must be refused before anything below strips, multiplies or formats it.
        BoundedDecimal.check(price, "price", ExchangeError.INVALID_PRICE);
        BoundedDecimal.check(amount, "amount", ExchangeError.INVALID_AMOUNT);
        if (price.signum() <= 0 || price.stripTrailingZeros().scale() > spec.priceScale()) {
            throw new ExchangeError(ExchangeError.INVALID_PRICE, "Invalid price " + Echo.cut(price.toPlainString())
                    + " (positive, at most " + spec.priceScale() + " decimals)");
        }
        if (amount.signum() <= 0 || amount.stripTrailingZeros().scale() > spec.amountScale()) {
            throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Invalid amount " + Echo.cut(amount.toPlainString())
                    + " (positive, at most " + spec.amountScale() + " decimals)");
        }
        if (variant == Variant.A) {
            if (amount.compareTo(spec.minAmount()) < 0) {
                throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Amount below minAmount "
                        + spec.minAmount().toPlainString());
            }
            if (price.multiply(amount).compareTo(spec.minSize()) < 0) {
                throw new ExchangeError(ExchangeError.INVALID_AMOUNT, "Order value below minSize "
                        + spec.minSize().toPlainString());
            }
        }
    }

    private static BigDecimal frozenFor(MarketSpec spec, Side side, BigDecimal price, BigDecimal amount) {
        return side == Side.BUY ? price.multiply(amount) : amount;
    }

    private static void freeze(Wallet wallet, MarketSpec spec, Side side, BigDecimal amount) {
        String coin = side == Side.BUY ? spec.quoteCoin() : spec.baseCoin();
        try {
            wallet.freeze(coin, amount);
        } catch (InsufficientFundsException e) {
            Coin c = e.coin();
            throw new ExchangeError(c.balanceErrorCode(), "Insufficient " + c.enName() + " balance");
        }
    }

    private Order execute(User user, MarketState market, OrderCommand command) {
        long now = clock.millis();
        Order order = new Order(newOrderId(now), command.customerOrderId(), user, market.spec, command.side(),
                command.price(), command.amount(), command.type(), command.acctType(), now, nextBookSequence++);
        orders.put(order.id(), order);
        ordersByUser.computeIfAbsent(user, u -> new ArrayList<>()).add(order);
        if (order.customerOrderId() != null) {
            customerIds(user).put(order.customerOrderId(), order);
        }
        changes.mark(market.spec.name());
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
        MarketSpec spec = market.spec;
        BigDecimal price = maker.price();
        BigDecimal money = price.multiply(qty);
        Order buyer = taker.side() == Side.BUY ? taker : maker;
        Order seller = taker.side() == Side.BUY ? maker : taker;
        Wallet buyerWallet = buyer.user().wallet(buyer.acctType());
        // Each side pays its fee out of what it receives: the buyer in the base coin, the seller in the quote coin.
        BigDecimal buyerFee = fees.fee(spec.baseCoin(), qty, buyer == maker);
        BigDecimal sellerFee = fees.fee(spec.quoteCoin(), money, seller == maker);
        // The buyer froze its own limit price; a better fill price gives the difference back.
        buyerWallet.release(spec.quoteCoin(), buyer.price().subtract(price).multiply(qty));
        buyerWallet.settle(spec.quoteCoin(), money, spec.baseCoin(), qty.subtract(buyerFee));
        seller.user().wallet(seller.acctType()).settle(spec.baseCoin(), qty, spec.quoteCoin(),
                money.subtract(sellerFee));
        feesCollected.add(spec.baseCoin(), buyerFee);
        feesCollected.add(spec.quoteCoin(), sellerFee);
        taker.fill(qty, price);
        maker.fill(qty, price);
        record(market, new Trade(market.tape.nextTid(), now, price, qty, taker.side()));
    }

    private void record(MarketState market, Trade trade) {
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

    /** Cancels an open order of the user, found by id or customer order id. */
    public Order cancel(User user, String marketName, Long id, String customerOrderId) {
        return locked(() -> {
            Order order = find(user, marketName, id, customerOrderId);
            if (!order.isOpen()) {
                throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "Order " + order.id() + " is not open");
            }
            state(marketName).book.remove(order);
            cancelResting(order);
            changes.mark(marketName);
            return order;
        });
    }

    private void cancelResting(Order order) {
        MarketSpec spec = order.market();
        BigDecimal rest = order.remaining();
        String coin = order.side() == Side.BUY ? spec.quoteCoin() : spec.baseCoin();
        BigDecimal frozen = order.side() == Side.BUY ? order.price().multiply(rest) : rest;
        order.user().wallet(order.acctType()).release(coin, frozen);
        order.cancel();
    }

    /** The user's order by id or customer order id, or error 3001. */
    public Order order(User user, String marketName, Long id, String customerOrderId) {
        return locked(() -> find(user, marketName, id, customerOrderId));
    }

    private Order find(User user, String marketName, Long id, String customerOrderId) {
        state(marketName);
        Order order = id != null ? orders.get(id) : customerIds(user).get(customerOrderId);
        if (order == null || order.user() != user || !order.market().name().equals(marketName)) {
            throw new ExchangeError(ExchangeError.ORDER_NOT_FOUND, "Order not found");
        }
        return order;
    }

    /**
     * One page (from 1) of the user's orders in a market, newest first.
     *
     * @param side null for both sides
     */
    public List<Order> orders(User user, String marketName, Side side, boolean openOnly, int pageIndex, int pageSize) {
        return locked(() -> {
            state(marketName);
            Predicate<Order> wanted = o -> o.market().name().equals(marketName)
                    && (side == null || o.side() == side) && (!openOnly || o.isOpen());
            return ordersByUser.getOrDefault(user, List.of()).stream()
                    .filter(wanted)
                    .sorted(Comparator.comparingLong(Order::createdAt).thenComparingLong(Order::id).reversed())
                    .skip((long) (pageIndex - 1) * pageSize)
                    .limit(pageSize)
                    .toList();
        });
    }

    /** The open orders of a user on one side of a market, best price first. */
    public List<Order> openOrders(User user, String marketName, Side side) {
        return locked(() -> state(marketName).book.orders(side).stream().filter(o -> o.user() == user).toList());
    }

    private Map<String, Order> customerIds(User user) {
        return ordersByCustomerId.computeIfAbsent(user, u -> new HashMap<>());
    }

    /** Order numbers look like the real ones: the UTC date followed by a ten-digit sequence. */
    private long newOrderId(long now) {
        LocalDate day = LocalDate.ofEpochDay(Math.floorDiv(now, DAY_MILLIS));
        long datePrefix = day.getYear() * 10_000L + day.getMonthValue() * 100L + day.getDayOfMonth();
        return datePrefix * 10_000_000_000L + nextOrderSequence++;
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
        Trade last = market.tape.last();
        long lastTid = last == null ? -1 : last.tid();
        long minute = now / 60_000;
        if (market.cachedStats == null || market.cachedStatsTid != lastTid || market.cachedStatsMinute != minute) {
            BigDecimal high = null;
            BigDecimal low = null;
            BigDecimal vol = BigDecimal.ZERO;
            BigDecimal turnover = BigDecimal.ZERO;
            BigDecimal open = null;
            for (Bar bar : market.candles.query(KlineType.MIN_1, KlineType.MIN_1.openTime(now - DAY_MILLIS),
                    1500)) {
                high = high == null || bar.high().compareTo(high) > 0 ? bar.high() : high;
                low = low == null || bar.low().compareTo(low) < 0 ? bar.low() : low;
                vol = vol.add(bar.volume());
                turnover = turnover.add(bar.turnover());
                open = open == null ? bar.open() : open;
            }
            BigDecimal lastPrice = last == null ? BigDecimal.ZERO : last.price();
            market.cachedStats = new TickerSnapshot(high == null ? lastPrice : high, low == null ? lastPrice : low,
                    null, null, lastPrice, vol, 0, open == null ? lastPrice : open, turnover);
            market.cachedStatsTid = lastTid;
            market.cachedStatsMinute = minute;
        }
        TickerSnapshot s = market.cachedStats;
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
            OrderBook book = market.book;
            if (merge != null) {
                return new DepthSnapshot(book.mergedLevels(Side.SELL, merge, 5), book.mergedLevels(Side.BUY, merge, 5),
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
        return locked(() -> state(marketName).candles.query(type, since, size));
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
