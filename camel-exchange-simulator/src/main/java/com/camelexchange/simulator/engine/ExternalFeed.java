package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/** The {@link MarketFeed} of an exchange that follows an external market. */
public final class ExternalFeed implements MarketFeed {
    private final SimulatedExchange exchange;
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong ahead = new AtomicLong();

    ExternalFeed(SimulatedExchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public boolean trade(String market, long tid, Instant time, BigDecimal price, BigDecimal amount,
                         Side takerSide) {
        known(market);
        long date = date(time, "trade's date");
        positive(price, "price");
        positive(amount, "amount");
        return exchange.locked(() -> {
            MarketState state = exchange.state(market);
            Trade last = state.tape.last();
            if (last != null && tid <= last.tid()) {
                dropped.incrementAndGet();
                return false;
            }
            Trade trade = new Trade(tid, date, price, amount, takerSide);
            long now = exchange.clock().millis();
            exchange.paper().traded(trade.epochMillis(), now);
            // What was on its way before the trade reaches the book first, and can be filled by it.
            exchange.paper().catchUp(state, trade.epochMillis(), now);
            exchange.record(state, trade);
            exchange.paper().tradeThrough(state, trade, now);
            return true;
        });
    }

    @Override
    public void book(String market, List<PriceLevel> bids, List<PriceLevel> asks, Instant time) {
        known(market);
        long date = date(time, "book's time");
        List<PriceLevel> checkedBids = levels(bids, "bids");
        List<PriceLevel> checkedAsks = levels(asks, "asks");
        exchange.locked(() -> {
            long now = exchange.clock().millis();
            exchange.paper().served(date, now);
            MarketState state = exchange.state(market);
            // What was on its way before this book meets the one before it, as the market showed it then.
            exchange.paper().catchUp(state, date, now);
            state.external.book.replace(checkedBids, checkedAsks, date, now);
            exchange.paper().booked(state);
            exchange.markChanged(market);
            return null;
        });
    }

    @Override
    public void ticker(String market, BigDecimal high, BigDecimal low, BigDecimal buy, BigDecimal sell,
                       BigDecimal last, BigDecimal volume, Instant time) {
        known(market);
        long date = time == null ? -1 : date(time, "ticker's date");
        TickerSnapshot ticker = new TickerSnapshot(notNegative(high, "high"), notNegative(low, "low"),
                notNegative(buy, "buy"), notNegative(sell, "sell"), notNegative(last, "last"),
                notNegative(volume, "volume"), date, null, null);
        exchange.locked(() -> {
            if (time != null) {
                long now = exchange.clock().millis();
                exchange.paper().served(date, now);
                exchange.paper().catchUp(exchange.state(market), date, now);
            }
            exchange.state(market).external.ticker(ticker);
            exchange.markChanged(market);
            return null;
        });
    }

    @Override
    public void candle(String market, KlineType type, Instant openTime, BigDecimal open, BigDecimal high,
                       BigDecimal low, BigDecimal close, BigDecimal volume) {
        known(market);
        Objects.requireNonNull(type, "type");
        long opened = date(openTime, "candle's openTime");
        positive(open, "open");
        positive(high, "high");
        positive(low, "low");
        positive(close, "close");
        notNegative(volume, "volume");
        exchange.locked(() -> {
            exchange.state(market).external.candle(type, opened, open, high, low, close, volume);
            exchange.markChanged(market);
            return null;
        });
    }

    @Override
    public long tradesDropped() {
        return dropped.get();
    }

    @Override
    public long clockDisagreements() {
        return exchange.locked(() -> exchange.paper().clockDisagreements());
    }

    @Override
    public long datesAhead() {
        return ahead.get();
    }

    /**
     * A date of the market's within the bounds of {@link MarketDates}, and on an exchange on its own clock no more
     * than its lead after that clock (a refusal of that kind is counted).
     */
    private long date(Instant time, String name) {
        long now = exchange.clock().millis();
        Duration ownClock = exchange.paper().ownClock();
        if (ownClock != null) {
            try {
                MarketDates.checkNotAhead(time, name, now, ownClock);
            } catch (IllegalArgumentException refused) {
                ahead.incrementAndGet();
                throw refused;
            }
        }
        return MarketDates.check(time, name, now);
    }

    private void known(String market) {
        if (exchange.market(market) == null) {
            throw new IllegalArgumentException("Unknown market " + Echo.quoted(market));
        }
    }

    private static List<PriceLevel> levels(List<PriceLevel> levels, String name) {
        Objects.requireNonNull(levels, name);
        if (levels.size() > ExternalBook.MAX_LEVELS) {
            throw new IllegalArgumentException("At most " + ExternalBook.MAX_LEVELS + " " + name + ": "
                    + levels.size());
        }
        for (PriceLevel level : levels) {
            Objects.requireNonNull(level, name);
            positive(level.price(), name + " price");
            notNegative(level.amount(), name + " amount");
        }
        return List.copyOf(levels);
    }

    private static BigDecimal positive(BigDecimal value, String name) {
        if (notNegative(value, name).signum() == 0) {
            throw new IllegalArgumentException("The " + name + " must be positive");
        }
        return value;
    }

    private static BigDecimal notNegative(BigDecimal value, String name) {
        Objects.requireNonNull(value, name);
        if (!BoundedDecimal.fits(value)) {
            throw new IllegalArgumentException("The " + name + " has more than " + BoundedDecimal.MAX_PRECISION
                    + " digits or a scale beyond " + BoundedDecimal.MAX_SCALE);
        }
        if (value.signum() < 0) {
            throw new IllegalArgumentException("The " + name + " must not be negative: " + value.toPlainString());
        }
        return value;
    }
}
