package com.camelexchange.paper;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The paper account as kept between runs: its access key (the secret is made anew each run, and never kept), what
 * it started with, the paper exchange's export of it (balances, orders, fills), and the last live trade applied in
 * each market, so that a restart never applies a trade to the account twice.
 *
 * @param accounts   the paper exchange's {@code exportAccounts()} text; null before the first save
 * @param lastTrades per market, the id of the last live trade the paper exchange took
 */
record PaperAccount(String accessKey, Map<String, BigDecimal> startingBalances, String accounts,
                    Map<String, Long> lastTrades) {

    PaperAccount {
        Objects.requireNonNull(accessKey, "accessKey");
        startingBalances = Collections.unmodifiableMap(new LinkedHashMap<>(startingBalances));
        lastTrades = Collections.unmodifiableMap(new LinkedHashMap<>(lastTrades));
    }

    PaperAccount with(String exported, Map<String, Long> lastTradesNow) {
        return new PaperAccount(accessKey, startingBalances, exported, lastTradesNow);
    }

    @Override
    public String toString() {
        return "PaperAccount[" + startingBalances + "]";
    }
}
