package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** An order on the book or in the history. Mutable; guarded by the exchange lock. */
public final class Order {
    public enum State { OPEN, FILLED, CANCELLED }

    private final long id;
    private final String customerOrderId;
    private final User user;
    private final MarketSpec market;
    private final Side side;
    private final BigDecimal price;
    private final BigDecimal amount;
    private final OrderType type;
    private final int acctType;
    private final long createdAt;
    private final long marketTime;
    private final long sequence;
    private BigDecimal filled = BigDecimal.ZERO;
    private BigDecimal filledMoney = BigDecimal.ZERO;
    private State state = State.OPEN;
    /** Kept for accounts only, not for the synthetic traders (see {@link Settlement}). */
    private List<Fill> fills;

    Order(long id, String customerOrderId, User user, MarketSpec market, Side side, BigDecimal price,
          BigDecimal amount, OrderType type, int acctType, long createdAt, long marketTime, long sequence) {
        this.id = id;
        this.customerOrderId = customerOrderId;
        this.user = user;
        this.market = market;
        this.side = side;
        this.price = price;
        this.amount = amount;
        this.type = type;
        this.acctType = acctType;
        this.createdAt = createdAt;
        this.marketTime = marketTime;
        this.sequence = sequence;
    }

    /**
     * The wire status of this order in a variant's table. Variant A: 1 cancelled, 2 finished (or
     * cancelled after a partial fill), 3 pending. Variant B: 0 pending, 1 cancelled, 2 completed,
     * 3 pending with a traded part.
     */
    public int status(Variant variant) {
        boolean partly = filled.signum() > 0;
        return switch (state) {
            case FILLED -> 2;
            case CANCELLED -> variant == Variant.A && partly ? 2 : 1;
            case OPEN -> variant == Variant.A ? 3 : (partly ? 3 : 0);
        };
    }

    void fill(BigDecimal qty, BigDecimal tradePrice) {
        filled = filled.add(qty);
        filledMoney = filledMoney.add(tradePrice.multiply(qty));
        if (filled.compareTo(amount) == 0) {
            state = State.FILLED;
        }
    }

    void cancel() {
        state = State.CANCELLED;
    }

    void addFill(Fill fill) {
        if (fills == null) {
            fills = new ArrayList<>(2);
        }
        fills.add(fill);
    }

    /** Sets what an exported order had filled, with its fills, when accounts are imported. */
    void restore(BigDecimal filledAmount, BigDecimal filledValue, State restoredState, List<Fill> restoredFills) {
        this.filled = filledAmount;
        this.filledMoney = filledValue;
        this.state = restoredState;
        this.fills = restoredFills.isEmpty() ? null : new ArrayList<>(restoredFills);
    }

    /** The fills of this order, oldest first; empty for the synthetic traders' orders. */
    public List<Fill> fills() {
        return fills == null ? List.of() : List.copyOf(fills);
    }

    public BigDecimal remaining() {
        return amount.subtract(filled);
    }

    /** The average price of the fills, or zero before the first fill. */
    public BigDecimal averagePrice() {
        if (filled.signum() == 0) {
            return BigDecimal.ZERO;
        }
        return filledMoney.divide(filled, market.priceScale(), java.math.RoundingMode.HALF_UP);
    }

    public long id() {
        return id;
    }

    public String customerOrderId() {
        return customerOrderId;
    }

    public User user() {
        return user;
    }

    public MarketSpec market() {
        return market;
    }

    public Side side() {
        return side;
    }

    public BigDecimal price() {
        return price;
    }

    public BigDecimal amount() {
        return amount;
    }

    public OrderType type() {
        return type;
    }

    public int acctType() {
        return acctType;
    }

    public long createdAt() {
        return createdAt;
    }

    /**
     * When the order was placed by the external market's clock, as the exchange knew it then (see
     * {@link MarketClock}); {@link #createdAt} for an exchange that makes its own market. Trades the market dated
     * before it never fill the order.
     */
    public long marketTime() {
        return marketTime;
    }

    long sequence() {
        return sequence;
    }

    public BigDecimal filled() {
        return filled;
    }

    public BigDecimal filledMoney() {
        return filledMoney;
    }

    public State state() {
        return state;
    }

    public boolean isOpen() {
        return state == State.OPEN;
    }

    @Override
    public String toString() {
        return "Order[" + id + " " + side + " " + amount + "@" + price + " " + market.name() + " filled=" + filled
                + " " + state + "]";
    }
}
