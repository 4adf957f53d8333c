package com.camelexchange.component.paper;

import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.json.DecimalBounds;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads the component's paper options, refusing a bad value with the option's name before anything starts. */
public final class PaperOptions {
    /** A coin as markets name it: lower-case letters and digits. */
    private static final Pattern COIN = Pattern.compile("[a-z0-9]{1,16}");
    private static final int MOST_COINS = 256;

    private PaperOptions() {
    }

    /**
     * {@code usdt=10000,btc=0.5}: what the paper account starts with per coin.
     *
     * @throws ExchangeValidationException naming {@code paperBalances} when it is missing or not such a list
     */
    public static Map<String, BigDecimal> balances(String text) {
        String option = "option paperBalances";
        if (text == null || text.isBlank()) {
            throw new ExchangeValidationException(option, "paper trading needs the paper account's starting"
                    + " balances, e.g. usdt=10000,btc=0.5");
        }
        Map<String, BigDecimal> balances = new LinkedHashMap<>();
        String[] pairs = text.split(",", MOST_COINS + 1);
        if (pairs.length > MOST_COINS) {
            throw new ExchangeValidationException(option, "at most " + MOST_COINS + " coins");
        }
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            String coin = eq < 0 ? pair.trim() : pair.substring(0, eq).trim();
            BigDecimal amount = eq < 0 ? null : DecimalBounds.parse(pair.substring(eq + 1));
            if (!COIN.matcher(coin).matches() || amount == null || amount.signum() < 0) {
                throw new ExchangeValidationException(option, Echo.of(pair.trim()) + " is not coin=amount (a coin"
                        + " in lower case, an amount not below zero), e.g. usdt=10000,btc=0.5");
            }
            if (balances.put(coin, amount) != null) {
                throw new ExchangeValidationException(option, "the coin " + coin + " is named twice");
            }
        }
        return balances;
    }

    /** The share, 0 to 1, of a trade at a resting order's price that fills it. */
    public static BigDecimal fillAtTouch(String text) {
        BigDecimal share = text == null ? BigDecimal.ZERO : DecimalBounds.parse(text);
        if (share == null || share.signum() < 0 || share.compareTo(BigDecimal.ONE) > 0) {
            throw new ExchangeValidationException("option paperFillAtTouch", Echo.of(text)
                    + " is not a share from 0 to 1");
        }
        return share;
    }
}
