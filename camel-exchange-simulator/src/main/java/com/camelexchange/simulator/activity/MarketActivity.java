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
 * market. Steps must not run concurrently; the simulator runs them from one timer.
 */
public final class MarketActivity {
    private static final int MAX_ORDERS_PER_SIDE = 40;
    private static final int MIN_ORDERS_PER_SIDE = 10;
    private static final int SEED_LEVELS = 15;
    private static final BigDecimal HISTORY_STEP = new BigDecimal("0.001");
    private static final BigDecimal FAIR_PRICE_STEP = new BigDecimal("0.0005");

    private final SimulatedExchange exchange;
    private final User house;
    private final Random random;
    private final Map<String, BigDecimal> fairPrice = new HashMap<>();

    public MarketActivity(SimulatedExchange exchange, User house, long seed) {
        this.exchange = exchange;
        this.house = house;
        this.random = new Random(seed);
        for (MarketSpec spec : exchange.markets()) {
            fairPrice.put(spec.name(), spec.initialPrice());
        }
    }

    /** Rests {@value #SEED_LEVELS} quotes on each side of every market. */
    public synchronized void seedLiquidity() {
        for (MarketSpec spec : exchange.markets()) {
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
            BigDecimal fair = wander(spec, fairPrice.get(spec.name()), FAIR_PRICE_STEP);
            fairPrice.put(spec.name(), fair);
            quote(spec, Side.BUY, 1 + random.nextInt(8));
            quote(spec, Side.SELL, 1 + random.nextInt(8));
            if (random.nextInt(100) < 60) {
                take(spec, random.nextBoolean() ? Side.BUY : Side.SELL);
            }
            // Prune first: a refill anchored on a drifted book must not be cancelled in the same step.
            prune(spec, Side.BUY);
            prune(spec, Side.SELL);
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
     * {@value #MAX_ORDERS_PER_SIDE} best and the ones stranded more than 1% from the fair price.
     */
    private void prune(MarketSpec spec, Side side) {
        BigDecimal fair = fairPrice.get(spec.name());
        BigDecimal maxDistance = fair.movePointLeft(2);
        List<Order> open = exchange.openOrders(house, spec.name(), side);
        for (int i = open.size() - 1; i >= 0; i--) {
            Order o = open.get(i);
            if (i >= MAX_ORDERS_PER_SIDE || o.price().subtract(fair).abs().compareTo(maxDistance) > 0) {
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
        BigDecimal bySize = spec.minSize().divide(price, spec.amountScale(), RoundingMode.UP);
        BigDecimal unit = spec.minAmount().max(bySize).max(BigDecimal.ONE.movePointLeft(spec.amountScale()));
        return unit.multiply(BigDecimal.valueOf(1 + random.nextInt(200))).setScale(spec.amountScale(),
                RoundingMode.UP);
    }
}
