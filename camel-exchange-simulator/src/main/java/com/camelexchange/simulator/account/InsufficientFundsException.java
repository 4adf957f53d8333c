package com.camelexchange.simulator.account;

/** Thrown when a wallet cannot freeze what an order needs. */
public final class InsufficientFundsException extends Exception {
    private final Coin coin;

    InsufficientFundsException(Coin coin) {
        super("Insufficient " + coin.key() + " balance", null, false, false);
        this.coin = coin;
    }

    public Coin coin() {
        return coin;
    }
}
