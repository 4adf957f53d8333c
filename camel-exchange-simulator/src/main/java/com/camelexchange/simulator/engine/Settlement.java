package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.account.Wallet;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Moves funds for fills and cancels, charges trading fees and records each fill on its order. A fill
 * between two orders of the book settles both sides; a paper fill against an external market settles
 * the one order there is. Guarded by the exchange lock.
 */
final class Settlement {
    private final TradingFees fees;
    /** The paper fill model's name, kept on each fill; null for an exchange that makes its own market. */
    private final String model;
    private final FeeLedger collected = new FeeLedger();
    private final AccountChanges accounts;
    private long nextFillId = 1;

    Settlement(TradingFees fees, String model, AccountChanges accounts) {
        this.fees = fees;
        this.model = model;
        this.accounts = accounts;
    }

    BigDecimal collected(String coin) {
        return collected.total(coin);
    }

    /** A fill between a taker and a resting maker of the book, at the maker's price. */
    void trade(Order taker, Order maker, BigDecimal qty, long now) {
        BigDecimal price = maker.price();
        one(taker, qty, price, false, now);
        one(maker, qty, price, true, now);
    }

    /**
     * One side of a fill: the order gives its coin and receives the other less its fee. A buyer froze
     * its own limit price; a better fill price gives the difference back.
     */
    void one(Order order, BigDecimal qty, BigDecimal price, boolean maker, long now) {
        MarketSpec spec = order.market();
        Wallet wallet = order.user().wallet(order.acctType());
        accounts.touch(order.user(), order.acctType(), spec.baseCoin(), spec.quoteCoin());
        BigDecimal money = price.multiply(qty);
        BigDecimal fee;
        String feeCoin;
        if (order.side() == Side.BUY) {
            feeCoin = spec.baseCoin();
            fee = fees.fee(feeCoin, qty, maker);
            wallet.release(spec.quoteCoin(), order.price().subtract(price).multiply(qty));
            wallet.settle(spec.quoteCoin(), money, feeCoin, qty.subtract(fee));
        } else {
            feeCoin = spec.quoteCoin();
            fee = fees.fee(feeCoin, money, maker);
            wallet.settle(spec.baseCoin(), qty, feeCoin, money.subtract(fee));
        }
        collected.add(feeCoin, fee);
        order.fill(qty, price);
        if (!order.user().unlimited()) {
            // The synthetic traders' fills are not kept: nobody reports on them and they would grow without end.
            order.addFill(new Fill(nextFillId++, order.id(), spec.name(), order.side(), price, qty, fee, feeCoin,
                    maker, Instant.ofEpochMilli(now), order.price(), model));
        }
        accounts.order(order);
    }

    /** Gives back what an open order still holds frozen and cancels it. */
    void cancel(Order order) {
        MarketSpec spec = order.market();
        BigDecimal rest = order.remaining();
        String coin = order.side() == Side.BUY ? spec.quoteCoin() : spec.baseCoin();
        BigDecimal frozen = order.side() == Side.BUY ? order.price().multiply(rest) : rest;
        accounts.touch(order.user(), order.acctType(), coin);
        order.user().wallet(order.acctType()).release(coin, frozen);
        order.cancel();
        accounts.order(order);
    }

    long nextFillId() {
        return nextFillId;
    }

    void restoreNextFillId(long next) {
        nextFillId = Math.max(nextFillId, next);
    }
}
