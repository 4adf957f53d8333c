package com.camelexchange.simulator.activity;

import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Synthetic traders who make the market move on their own: each step they let a fair price wander,
 * quote around it and now and then take liquidity, so tickers, trades, depth and K-lines change.
 * They trade through the same engine as API users (an API user's order can fill against them). All
 * choices come from one seeded {@link Random}, so the same seed and the same inputs give the same
 * market. How they quote, cancel and take is their {@link ActivityFlow}. Steps must not run
 * concurrently; the simulator runs them from one timer.
 */
public final class MarketActivity {
    private static final int MAX_ORDERS_PER_SIDE = 40;
    private static final int MIN_ORDERS_PER_SIDE = 10;
    private static final int SEED_LEVELS = 15;
    private static final BigDecimal HISTORY_STEP = new BigDecimal("0.001");
    private static final BigDecimal FAIR_PRICE_STEP = new BigDecimal("0.0005");
    // The QUEUES flow (see ActivityFlow): a level every 0.02% of the initial price, quotes within 8 levels of the
    // fair price, 3 new quotes a side and a 4% chance for each resting quote to be cancelled at every step; a
    // taker at 60% of steps, 85% of them at the best level only, the others sweeping 2 levels deeper.
    private static final BigDecimal LEVEL_STEP = new BigDecimal("0.0002");
    private static final BigDecimal QUEUE_FAIR_PRICE_STEP = new BigDecimal("0.0001");
    private static final int QUEUE_LEVELS = 8;
    private static final int QUEUE_SEED_PER_LEVEL = 5;
    private static final int QUOTES_PER_SIDE = 3;
    private static final int CANCEL_PERCENT = 4;
    private static final int TAKE_PERCENT = 60;
    private static final int SWEEP_PERCENT = 15;
    private static final int SWEEP_LEVELS = 2;
    private static final int MAX_QUOTE_UNITS = 200;
    private static final int MAX_TAKE_UNITS = 400;
    private static final int MAX_QUEUED_ORDERS_PER_SIDE = 200;

    private final SimulatedExchange exchange;
    private final User house;
    private final Random random;
    private final ActivityFlow flow;
    private final Map<String, BigDecimal> fairPrice = new HashMap<>();

    public MarketActivity(SimulatedExchange exchange, User house, long seed) {
        this(exchange, house, seed, ActivityFlow.SPREAD);
    }

    public MarketActivity(SimulatedExchange exchange, User house, long seed, ActivityFlow flow) {
        this.exchange = exchange;
        this.house = house;
        this.random = new Random(seed);
        this.flow = flow;
        for (MarketSpec spec : exchange.markets()) {
            fairPrice.put(spec.name(), spec.initialPrice());
        }
    }

    public ActivityFlow flow() {
        return flow;
    }

    /**
     * Rests {@value #SEED_LEVELS} quotes on each side of every market; in the QUEUES flow
     * {@value #QUEUE_SEED_PER_LEVEL} at each of its {@value #QUEUE_LEVELS} levels a side.
     */
    public synchronized void seedLiquidity() {
        for (MarketSpec spec : exchange.markets()) {
            if (flow == ActivityFlow.QUEUES) {
                for (int level = 0; level < QUEUE_LEVELS; level++) {
                    for (int i = 0; i < QUEUE_SEED_PER_LEVEL; i++) {
                        queueQuote(spec, Side.BUY, level);
                        queueQuote(spec, Side.SELL, level);
                    }
                }
                continue;
            }
            for (int i = 1; i <= SEED_LEVELS; i++) {
                quote(spec, Side.BUY, i);
                quote(spec, Side.SELL, i);
            }
        }
    }

    /**
     * Gives every market a past: {@code tradesPerMarket} trades spread over {@code span} up to
     * {@code now}, so K-lines and 24h figures are not empty on a fresh simulator.
     */
    public synchronized void backfillHistory(int tradesPerMarket, Duration span) {
        long now = exchange.clock().millis();
        long start = now - span.toMillis();
        for (MarketSpec spec : exchange.markets()) {
            BigDecimal price = spec.initialPrice();
            for (int i = 0; i < tradesPerMarket; i++) {
                long at = start + span.toMillis() * i / tradesPerMarket;
                price = wander(spec, price, HISTORY_STEP);
                exchange.recordHistoricalTrade(spec.name(), at, price, size(spec, price),
                        random.nextBoolean() ? Side.BUY : Side.SELL);
            }
            Trade last = exchange.lastTrade(spec.name());
            fairPrice.put(spec.name(), last == null ? spec.initialPrice() : last.price());
        }
    }

    /** One round of trading in every market. */
    public synchronized void step() {
        for (MarketSpec spec : exchange.markets()) {
            if (flow == ActivityFlow.QUEUES) {
                queueStep(spec);
                continue;
            }
            BigDecimal fair = wander(spec, fairPrice.get(spec.name()), FAIR_PRICE_STEP);
            fairPrice.put(spec.name(), fair);
            quote(spec, Side.BUY, 1 + random.nextInt(8));
            quote(spec, Side.SELL, 1 + random.nextInt(8));
            if (random.nextInt(100) < 60) {
                take(spec, random.nextBoolean() ? Side.BUY : Side.SELL);
            }
            // Prune first: a refill anchored on a drifted book must not be cancelled in the same step.
            prune(spec, Side.BUY, MAX_ORDERS_PER_SIDE);
            prune(spec, Side.SELL, MAX_ORDERS_PER_SIDE);
            replenish(spec, Side.BUY);
            replenish(spec, Side.SELL);
        }
    }

    public void step(int rounds) {
        for (int i = 0; i < rounds; i++) {
            step();
        }
    }

    /**
     * A resting order {@code distance} small steps behind the fair price, or behind the opposite best
     * when the fair price has wandered past it, so a quote never crosses the book; false if none was placed.
     */
    private boolean quote(MarketSpec spec, Side side, int distance) {
        BigDecimal anchor = fairPrice.get(spec.name());
        BigDecimal opposite = exchange.best(spec.name(), side.opposite());
        if (opposite != null) {
            anchor = side == Side.BUY ? anchor.min(opposite) : anchor.max(opposite);
        }
        BigDecimal offset = anchor.multiply(BigDecimal.valueOf(distance * 2L, 4)).max(spec.tick());
        BigDecimal price = (side == Side.BUY ? anchor.subtract(offset) : anchor.add(offset))
                .setScale(spec.priceScale(), side == Side.BUY ? RoundingMode.DOWN : RoundingMode.UP);
        if (price.signum() <= 0) {
            return false;
        }
        return place(spec, side, price, size(spec, price), OrderType.LIMIT);
    }

    /** An IOC order that crosses the spread a little and fills against what rests there. */
    private void take(MarketSpec spec, Side side) {
        BigDecimal best = exchange.best(spec.name(), side.opposite());
        if (best == null) {
            return;
        }
        BigDecimal slack = best.multiply(new BigDecimal("0.0005"));
        BigDecimal price = (side == Side.BUY ? best.add(slack) : best.subtract(slack))
                .setScale(spec.priceScale(), side == Side.BUY ? RoundingMode.UP : RoundingMode.DOWN);
        place(spec, side, price, size(spec, price), OrderType.IOC);
    }

    /** Takers can eat several quotes a step; refill a thin side so neither ever runs dry. */
    private void replenish(MarketSpec spec, Side side) {
        int missing = MIN_ORDERS_PER_SIDE - exchange.openOrders(house, spec.name(), side).size();
        for (int distance = 1; missing > 0 && distance <= 2 * MIN_ORDERS_PER_SIDE; distance++) {
            if (quote(spec, side, distance)) {
                missing--;
            }
        }
    }

    /**
     * Keeps the house's quotes on a side bounded and near the market: cancels the ones beyond the
     * {@code max} best and the ones stranded more than 1% from the fair price.
     */
    private void prune(MarketSpec spec, Side side, int max) {
        BigDecimal fair = fairPrice.get(spec.name());
        BigDecimal maxDistance = fair.movePointLeft(2);
        List<Order> open = exchange.openOrders(house, spec.name(), side);
        for (int i = open.size() - 1; i >= 0; i--) {
            Order o = open.get(i);
            if (i >= max || o.price().subtract(fair).abs().compareTo(maxDistance) > 0) {
                exchange.cancel(house, spec.name(), o.id(), null);
            }
        }
    }

    private boolean place(MarketSpec spec, Side side, BigDecimal price, BigDecimal amount, OrderType type) {
        try {
            exchange.place(house, new OrderCommand(spec.name(), side, price, amount, 0, null, type));
            return true;
        } catch (ExchangeError e) {
            // A random quote can fall below a minimum; the traders simply skip it.
            return false;
        }
    }

    /** A random-walk step: the price times (1 + a normal draw x the relative step), at the price scale. */
    private BigDecimal wander(MarketSpec spec, BigDecimal price, BigDecimal relativeStep) {
        BigDecimal factor = BigDecimal.ONE.add(BigDecimal.valueOf(random.nextGaussian()).multiply(relativeStep));
        BigDecimal next = price.multiply(factor).setScale(spec.priceScale(), RoundingMode.HALF_UP);
        return next.signum() > 0 ? next : price;
    }

    /** Between 1 and 200 minimum orders (at least minAmount and minSize), at the amount scale. */
    private BigDecimal size(MarketSpec spec, BigDecimal price) {
        return size(spec, price, MAX_QUOTE_UNITS);
    }

    /** Between 1 and {@code maxUnits} minimum orders (at least minAmount and minSize), at the amount scale. */
    private BigDecimal size(MarketSpec spec, BigDecimal price, int maxUnits) {
        BigDecimal bySize = spec.minSize().divide(price, spec.amountScale(), RoundingMode.UP);
        BigDecimal unit = spec.minAmount().max(bySize).max(BigDecimal.ONE.movePointLeft(spec.amountScale()));
        return unit.multiply(BigDecimal.valueOf(1 + random.nextInt(maxUnits))).setScale(spec.amountScale(),
                RoundingMode.UP);
    }

    // ---------------------------------------------------------------- the QUEUES flow

    /**
     * One step of the QUEUES flow: cancellations first (each resting quote at {@value #CANCEL_PERCENT}%, wherever it
     * stands in its queue), then new quotes at the back of their levels' queues, then perhaps a taker.
     */
    private void queueStep(MarketSpec spec) {
        fairPrice.put(spec.name(), wander(spec, fairPrice.get(spec.name()), QUEUE_FAIR_PRICE_STEP));
        cancelSome(spec, Side.BUY);
        cancelSome(spec, Side.SELL);
        for (int i = 0; i < QUOTES_PER_SIDE; i++) {
            queueQuote(spec, Side.BUY, random.nextInt(QUEUE_LEVELS));
            queueQuote(spec, Side.SELL, random.nextInt(QUEUE_LEVELS));
        }
        if (random.nextInt(100) < TAKE_PERCENT) {
            queueTake(spec, random.nextBoolean() ? Side.BUY : Side.SELL);
        }
        prune(spec, Side.BUY, MAX_QUEUED_ORDERS_PER_SIDE);
        prune(spec, Side.SELL, MAX_QUEUED_ORDERS_PER_SIDE);
        for (Side side : Side.values()) {
            int missing = MIN_ORDERS_PER_SIDE - exchange.openOrders(house, spec.name(), side).size();
            for (int i = 0; missing > 0 && i < 2 * MIN_ORDERS_PER_SIDE; i++) {
                if (queueQuote(spec, side, random.nextInt(QUEUE_LEVELS))) {
                    missing--;
                }
            }
        }
    }

    private void cancelSome(MarketSpec spec, Side side) {
        for (Order o : exchange.openOrders(house, spec.name(), side)) {
            if (random.nextInt(100) < CANCEL_PERCENT) {
                exchange.cancel(house, spec.name(), o.id(), null);
            }
        }
    }

    /**
     * A quote {@code level} grid levels behind the best one its side may hold: the grid level at or behind the fair
     * price, and never at or through the opposite best; false if none was placed.
     */
    private boolean queueQuote(MarketSpec spec, Side side, int level) {
        BigDecimal grid = grid(spec);
        BigDecimal fair = fairPrice.get(spec.name());
        boolean buy = side == Side.BUY;
        BigDecimal best = onGrid(fair, grid, buy ? RoundingMode.FLOOR : RoundingMode.CEILING);
        BigDecimal opposite = exchange.best(spec.name(), side.opposite());
        if (opposite != null) {
            BigDecimal bound = buy ? onGrid(opposite, grid, RoundingMode.CEILING).subtract(grid)
                    : onGrid(opposite, grid, RoundingMode.FLOOR).add(grid);
            best = buy ? best.min(bound) : best.max(bound);
        }
        BigDecimal offset = grid.multiply(BigDecimal.valueOf(level));
        BigDecimal price = buy ? best.subtract(offset) : best.add(offset);
        if (price.signum() <= 0) {
            return false;
        }
        return place(spec, side, price, size(spec, price), OrderType.LIMIT);
    }

    /** An IOC order at the opposite best price, or {@value #SWEEP_LEVELS} levels through it. */
    private void queueTake(MarketSpec spec, Side side) {
        BigDecimal best = exchange.best(spec.name(), side.opposite());
        if (best == null) {
            return;
        }
        BigDecimal through = random.nextInt(100) < SWEEP_PERCENT
                ? grid(spec).multiply(BigDecimal.valueOf(SWEEP_LEVELS)) : BigDecimal.ZERO;
        BigDecimal price = side == Side.BUY ? best.add(through) : best.subtract(through);
        if (price.signum() <= 0) {
            return;
        }
        place(spec, side, price, size(spec, price, MAX_TAKE_UNITS), OrderType.IOC);
    }

    /** The distance between two levels: {@value #LEVEL_STEP} of the initial price, a whole number of ticks. */
    private static BigDecimal grid(MarketSpec spec) {
        return spec.initialPrice().multiply(LEVEL_STEP).setScale(spec.priceScale(), RoundingMode.HALF_UP)
                .max(spec.tick());
    }

    private static BigDecimal onGrid(BigDecimal price, BigDecimal grid, RoundingMode rounding) {
        return price.divide(grid, 0, rounding).multiply(grid);
    }
}
