package com.camelexchange.simulator.account;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HexFormat;
import java.util.Random;

/**
 * Gives a new user what a real account would have: deposit and withdrawal addresses for every coin
 * and a history of withdrawals in every status, all derived from the simulator seed.
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
