package com.camelexchange.simulator;

import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Balance;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.SimulatedExchange;

import java.math.BigDecimal;

/**
 * A handle on a simulated user for tests: its key, and its balances as the exchange sees them.
 * Never holds or shows the secret.
 */
public final class SimulatorAccount {
    private final SimulatedExchange exchange;
    private final ApiKey key;

    SimulatorAccount(SimulatedExchange exchange, ApiKey key) {
        this.exchange = exchange;
        this.key = key;
    }

    public String accessKey() {
        return key.accessKey();
    }

    public String username() {
        return key.user().username();
    }

    User user() {
        return key.user();
    }

    /** Available spot balance of a coin. */
    public BigDecimal available(String coin) {
        return exchange.locked(() -> key.user().spot().balance(coin).available());
    }

    /** Frozen (in open orders) spot balance of a coin. */
    public BigDecimal frozen(String coin) {
        return exchange.locked(() -> key.user().spot().balance(coin).frozen());
    }

    /** Available plus frozen. */
    public BigDecimal total(String coin) {
        return exchange.locked(() -> {
            Balance b = key.user().spot().balance(coin);
            return b.available().add(b.frozen());
        });
    }

    /** Open (pending or partly filled) orders of this user in a market. */
    public int openOrderCount(String market) {
        return exchange.orders(key.user(), market, null, true, 1, Integer.MAX_VALUE).size();
    }

    /** Every order this user ever placed in a market, whatever its state. */
    public int orderCount(String market) {
        return exchange.orders(key.user(), market, null, false, 1, Integer.MAX_VALUE).size();
    }

    /** Whether this user has an order with this customer order id in a market. */
    public boolean hasOrder(String market, String customerOrderId) {
        try {
            exchange.order(key.user(), market, null, customerOrderId);
            return true;
        } catch (com.camelexchange.simulator.engine.ExchangeError notFound) {
            return false;
        }
    }

    /** Adds funds to the spot wallet. */
    public SimulatorAccount fund(String coin, BigDecimal amount) {
        exchange.deposit(key.user(), 0, coin, amount);
        return this;
    }

    /** Adds funds to the margin wallet ({@code acctType=1}). */
    public SimulatorAccount fundMargin(String coin, BigDecimal amount) {
        exchange.deposit(key.user(), 1, coin, amount);
        return this;
    }

    @Override
    public String toString() {
        return "SimulatorAccount[" + key.accessKey() + ", " + key.user().username() + "]";
    }
}
