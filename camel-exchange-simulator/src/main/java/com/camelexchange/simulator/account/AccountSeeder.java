package com.camelexchange.simulator.account;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HexFormat;
import java.util.Random;

/**
 * Gives a new user what a real account would have: deposit and withdrawal addresses for every coin
 * and a history of withdrawals in every status, all derived from the simulator seed. The accounts of a
 * paper exchange get none of it ({@link #paper}).
 */
public final class AccountSeeder {
    private static final int[] WITHDRAWAL_STATUSES = {0, 1, 2, 3, 5};
    private static final int WITHDRAWALS_PER_COIN = 23;

    private AccountSeeder() {
    }

    public static void seed(User user, long seed, long now) {
        Random random = new Random(seed * 31 + user.id());
        long nextId = user.id() * 100_000;
        for (Coin coin : user.coins().all()) {
            user.depositAddresses().put(coin.key(), address(coin.key(), random));
            String withdrawTo = address(coin.key(), random);
            user.withdrawAddresses().put(coin.key(), withdrawTo);
            for (int i = 0; i < WITHDRAWALS_PER_COIN; i++) {
                int status = WITHDRAWAL_STATUSES[i % WITHDRAWAL_STATUSES.length];
                long submitted = now - (long) (i + 1) * 3_600_000L - random.nextInt(3_600_000);
                long managed = status == 0 ? 0 : submitted + 60_000 + random.nextInt(600_000);
                BigDecimal amount = BigDecimal.valueOf(1 + random.nextInt(100_000), 4)
                        .setScale(WithdrawalFee.scale(coin), RoundingMode.UNNECESSARY);
                BigDecimal fees = WithdrawalFee.of(coin, amount);
                user.withdrawals().add(new WithdrawalRecord(nextId++, coin.key(), amount, fees, submitted, managed,
                        status, withdrawTo));
            }
        }
    }

    /**
     * Gives a user of a paper exchange (a simulator following an external market) no withdrawal history and, for
     * every coin, "addresses" that say what they are instead of looking like one: the market data of such an
     * exchange is real, so an address that looked real could be taken for the live account's and receive real
     * money. Nothing can be sent to {@code paper-btc-not-a-deposit-address}.
     */
    public static void paper(User user) {
        for (Coin coin : user.coins().all()) {
            user.depositAddresses().put(coin.key(), paperDepositAddress(coin.key()));
            user.withdrawAddresses().put(coin.key(), paperWithdrawAddress(coin.key()));
        }
    }

    /** What a paper exchange answers for the deposit address of a coin. */
    public static String paperDepositAddress(String coin) {
        return "paper-" + coin + "-not-a-deposit-address";
    }

    /** What a paper exchange answers for the withdrawal address of a coin. */
    public static String paperWithdrawAddress(String coin) {
        return "paper-" + coin + "-not-a-withdraw-address";
    }

    /** Address-shaped text: {@code 0x} + 40 hex digits for Ethereum-style coins, base58-like otherwise. */
    private static String address(String coin, Random random) {
        byte[] bytes = new byte[20];
        random.nextBytes(bytes);
        String hex = HexFormat.of().formatHex(bytes);
        return switch (coin) {
            case "eth", "usdt" -> "0x" + hex;
            case "xrp" -> "r" + hex.substring(0, 33);
            case "ltc" -> "L" + hex.substring(0, 33);
            default -> "1" + hex.substring(0, 33);
        };
    }
}
