package com.camelexchange.paper;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The paper account as kept between runs: its access key (the secret is made anew each run, and never kept), what
 * it started with, and the paper exchange's export of it (balances, orders, fills).
 *
 * @param accounts the paper exchange's {@code exportAccounts()} text; null before the account first traded
 */
record PaperAccount(String accessKey, Map<String, BigDecimal> startingBalances, String accounts) {

    PaperAccount {
        Objects.requireNonNull(accessKey, "accessKey");
        startingBalances = Collections.unmodifiableMap(new LinkedHashMap<>(startingBalances));
    }

    PaperAccount withAccounts(String exported) {
        return new PaperAccount(accessKey, startingBalances, exported);
    }

    @Override
    public String toString() {
        return "PaperAccount[" + startingBalances + "]";
    }
}
