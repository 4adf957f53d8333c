package com.camelexchange.simulator.account;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The balances of one account type (spot or margin) of one user. Placing an order freezes funds,
 * fills spend frozen funds and credit the other coin, a cancel releases what is left.
 * Guarded by the exchange lock.
 */
public final class Wallet {
    private final Map<String, Balance> balances = new LinkedHashMap<>();
    /** Unlimited wallets belong to the synthetic traders: they never run dry and are never reported. */
    private final boolean unlimited;
    private final CoinSet coins;

    public Wallet(CoinSet coins, boolean unlimited) {
        this.unlimited = unlimited;
        this.coins = coins;
        for (Coin coin : coins.all()) {
            balances.put(coin.key(), new Balance());
        }
    }

    /** The coins this wallet holds a balance of. */
    public CoinSet coins() {
        return coins;
    }

    public Balance balance(String coin) {
        Balance b = balances.get(coin);
        if (b == null) {
            throw new IllegalArgumentException("Unknown coin " + coin);
        }
        return b;
    }

    public void deposit(String coin, BigDecimal amount) {
        if (amount.signum() < 0) {
            throw new IllegalArgumentException("Deposit must not be negative: " + amount);
        }
        balance(coin).deposit(amount);
    }

    public void freeze(String coin, BigDecimal amount) throws InsufficientFundsException {
        Balance b = balance(coin);
        if (unlimited && b.available().compareTo(amount) < 0) {
            b.deposit(amount.subtract(b.available()));
        }
        if (b.available().compareTo(amount) < 0) {
            throw new InsufficientFundsException(coins.get(coin));
        }
        b.freeze(amount);
    }

    public void release(String coin, BigDecimal amount) {
        balance(coin).release(amount);
    }

    /** Sets a coin's balance as an exported account had it (imported accounts only). */
    public void restore(String coin, BigDecimal available, BigDecimal frozen) {
        balance(coin).restore(available, frozen);
    }

    /** Moves {@code spent} out of the frozen funds of one coin and credits {@code received} of another. */
    public void settle(String spentCoin, BigDecimal spent, String receivedCoin, BigDecimal received) {
        balance(spentCoin).spendFrozen(spent);
        balance(receivedCoin).deposit(received);
    }
}
