package com.camelexchange.client.paper;

import com.camelexchange.client.model.MarketNames;
import com.camelexchange.client.error.Echo;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.json.DecimalBounds;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads paper settings written as text, as the component's options of the same names take them
 * ({@code paperBalances}, {@code paperFillModel}, {@code paperFillAtTouch}, {@code paperLatency},
 * {@code paperClockSkew}), refusing a bad value with the option's name before anything starts. A program on the
 * client reads them the same way: {@code PaperSettings.startingWith("usdt=10000,btc=0.5")}.
 */
public final class PaperOptions {
    private static final int MOST_COINS = 256;
    private static final String TOUCH = "touch";
    /** The values of {@code paperFillModel}, as the paper exchange names its fill models. */
    public static final List<String> FILL_MODELS = List.of("tradeThrough", TOUCH, "queue");
    /** {@code paperLatency} when not set (see the option's description for where it comes from). */
    public static final long DEFAULT_LATENCY_MILLIS = 100;
    /** Far above any round trip, short of hiding a market's moves for minutes. */
    public static final long MAX_LATENCY_MILLIS = 60_000;
    /**
     * {@code paperClockSkew} when not set: a host on NTP is within milliseconds of true time and an exchange's dates
     * come to the second, so honest dates are at most a second or two ahead; five seconds leaves a host whose clock
     * drifted a little room, while a wrong date (hours ahead, milliseconds read as seconds) is far beyond it. What it
     * lets through bounds how early a trade delivered late may seem: a few seconds, never hours.
     */
    public static final int DEFAULT_CLOCK_SKEW_SECONDS = 5;
    /** An hour: beyond that a clock is not skewed but wrong. */
    public static final int MAX_CLOCK_SKEW_SECONDS = 3600;

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
            if (!MarketNames.isCoin(coin) || amount == null || amount.signum() < 0) {
                throw new ExchangeValidationException(option, Echo.of(pair.trim()) + " is not coin=amount (a coin"
                        + " in lower case, an amount not below zero), e.g. usdt=10000,btc=0.5");
            }
            if (balances.put(coin, amount) != null) {
                throw new ExchangeValidationException(option, "the coin " + coin + " is named twice");
            }
        }
        return balances;
    }

    /**
     * The fill model, its share at the touch and the latency.
     *
     * @param model   {@code paperFillModel}: null for the default, else one of {@link #FILL_MODELS}
     * @param atTouch {@code paperFillAtTouch}: null, or a share from 0 to 1, which chooses the touch model when
     *                {@code model} is null and is refused with any other model
     * @param latency {@code paperLatency}, in milliseconds
     * @throws ExchangeValidationException naming the option that is out of bounds or does not fit the others
     */
    public static PaperFills fills(String model, String atTouch, long latency) {
        if (model != null && !FILL_MODELS.contains(model)) {
            throw new ExchangeValidationException("option paperFillModel", Echo.of(model) + " is none of "
                    + String.join(", ", FILL_MODELS));
        }
        BigDecimal share = atTouch == null ? null : DecimalBounds.parse(atTouch);
        if (atTouch != null && (share == null || share.signum() < 0 || share.compareTo(BigDecimal.ONE) > 0)) {
            throw new ExchangeValidationException("option paperFillAtTouch", Echo.of(atTouch)
                    + " is not a share from 0 to 1");
        }
        if (share != null && model != null && !model.equals(TOUCH)) {
            throw new ExchangeValidationException("option paperFillAtTouch", "it is the share of the touch model,"
                    + " and paperFillModel is " + model + ": set one or the other");
        }
        if (latency < 0 || latency > MAX_LATENCY_MILLIS) {
            throw new ExchangeValidationException("option paperLatency", latency + " ms is not within 0 to "
                    + MAX_LATENCY_MILLIS + " ms");
        }
        return new PaperFills(share != null ? TOUCH : model, share, Duration.ofMillis(latency));
    }

    /**
     * How far a date of the live market may be ahead of this machine's clock.
     *
     * @param seconds {@code paperClockSkew}
     * @throws ExchangeValidationException naming {@code paperClockSkew} when it is out of bounds
     */
    public static Duration clockSkew(int seconds) {
        if (seconds < 0 || seconds > MAX_CLOCK_SKEW_SECONDS) {
            throw new ExchangeValidationException("option paperClockSkew", seconds + " s is not within 0 to "
                    + MAX_CLOCK_SKEW_SECONDS + " s");
        }
        return Duration.ofSeconds(seconds);
    }
}
