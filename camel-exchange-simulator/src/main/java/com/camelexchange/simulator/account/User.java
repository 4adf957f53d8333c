package com.camelexchange.simulator.account;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A user of the exchange: a spot and a margin wallet, addresses and withdrawal history. Several API
 * keys may belong to one user (variant B limits requests per user). Guarded by the exchange lock.
 */
public final class User {
    private final long id;
    private final String username;
    private final boolean unlimited;
    private final Wallet spot;
    private final Wallet margin;
    private final Map<String, String> depositAddresses = new HashMap<>();
    private final Map<String, String> withdrawAddresses = new HashMap<>();
    private final List<WithdrawalRecord> withdrawals = new ArrayList<>();

    public User(long id, String username, boolean unlimited) {
        this(id, username, unlimited, CoinSet.STANDARD);
    }

    /** @param coins the coins of the simulator, which the wallets hold */
    public User(long id, String username, boolean unlimited, CoinSet coins) {
        this.id = id;
        this.username = username;
        this.unlimited = unlimited;
        this.spot = new Wallet(coins, unlimited);
        this.margin = new Wallet(coins, unlimited);
    }

    public long id() {
        return id;
    }

    public String username() {
        return username;
    }

    /** Whether this is the synthetic traders' user, whose wallets never run dry. */
    public boolean unlimited() {
        return unlimited;
    }

    /** The wallet selected by {@code acctType}: 0 spot, 1 margin. */
    public Wallet wallet(int acctType) {
        return acctType == 1 ? margin : spot;
    }

    /** The coins of the user's wallets: the simulator's. */
    public CoinSet coins() {
        return spot.coins();
    }

    public Wallet spot() {
        return spot;
    }

    public Map<String, String> depositAddresses() {
        return depositAddresses;
    }

    public Map<String, String> withdrawAddresses() {
        return withdrawAddresses;
    }

    public List<WithdrawalRecord> withdrawals() {
        return withdrawals;
    }

    /** An id above every withdrawal id of this user, so that ids keep increasing. */
    public long nextWithdrawalId() {
        long max = withdrawals.stream().mapToLong(WithdrawalRecord::id).max().orElse(id * 100_000 - 1);
        return max + 1;
    }

    @Override
    public String toString() {
        return "User[" + id + ", " + username + "]";
    }
}
