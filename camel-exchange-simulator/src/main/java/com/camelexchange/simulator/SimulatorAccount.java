package com.camelexchange.simulator;

import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.account.Balance;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.account.WithdrawalFee;
import com.camelexchange.simulator.account.WithdrawalRecord;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.SimulatedExchange;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Set;

/**
 * A handle on a simulated user for tests: its key, and its balances as the exchange sees them.
 * Never holds or shows the secret.
 */
public final class SimulatorAccount {
    private static final Set<Integer> SETTLED_STATUSES = Set.of(1, 2, 3, 5);

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

    /**
     * Every fill of this user's orders, oldest first: price, amount, fee and its coin, maker or taker, time.
     * The fills of a paper account against an external market are its whole trading record.
     */
    public List<Fill> fills() {
        return exchange.fills(key.user());
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

    /**
     * Records a withdrawal as the exchange would on request: status 0 (submitted), submitted now by the
     * simulator's clock, not yet processed, with the fee the exchange keeps (0.1%). It shows first in
     * {@code getWithdrawRecord}. Balances are left alone: the API has no withdraw method, so this only
     * feeds the history that clients poll.
     *
     * @param toAddress null for the user's withdrawal address of that coin
     * @return the new record's id, higher than every earlier id of this user
     */
    public long requestWithdrawal(String coin, BigDecimal amount, String toAddress) {
        Coin known = exchange.coins().get(coin);
        if (known == null) {
            throw new IllegalArgumentException("Unknown coin " + coin);
        }
        if (amount == null || amount.signum() <= 0) {
            throw new IllegalArgumentException("A withdrawal amount must be positive: " + amount);
        }
        BigDecimal scaled = amount.setScale(WithdrawalFee.scale(known), RoundingMode.DOWN);
        return exchange.locked(() -> {
            User user = key.user();
            long id = user.nextWithdrawalId();
            String to = toAddress != null ? toAddress : user.withdrawAddresses().get(coin);
            user.withdrawals().add(new WithdrawalRecord(id, coin, scaled, WithdrawalFee.of(known, scaled),
                    exchange.clock().millis(), 0, WithdrawalRecord.SUBMITTED, to));
            return id;
        });
    }

    /**
     * Processes a withdrawal: sets its status and its manage time (now by the simulator's clock).
     *
     * @param status 1 failed, 2 success, 3 cancelled, 5 confirmed
     * @throws IllegalArgumentException for an id this user does not have, or another status
     */
    public void settleWithdrawal(long id, int status) {
        if (!SETTLED_STATUSES.contains(status)) {
            throw new IllegalArgumentException("A settled withdrawal status is 1, 2, 3 or 5, not " + status);
        }
        exchange.locked(() -> {
            List<WithdrawalRecord> records = key.user().withdrawals();
            for (int i = 0; i < records.size(); i++) {
                if (records.get(i).id() == id) {
                    records.set(i, records.get(i).settled(status, exchange.clock().millis()));
                    return null;
                }
            }
            throw new IllegalArgumentException("No withdrawal " + id + " for " + key.user().username());
        });
    }

    /** Withdrawal records of this user in a coin, seeded history included. */
    public int withdrawalCount(String coin) {
        return exchange.locked(() -> (int) key.user().withdrawals().stream().filter(w -> w.coin().equals(coin))
                .count());
    }

    @Override
    public String toString() {
        return "SimulatorAccount[" + key.accessKey() + ", " + key.user().username() + "]";
    }
}
