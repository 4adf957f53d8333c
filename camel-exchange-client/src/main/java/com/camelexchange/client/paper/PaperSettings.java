package com.camelexchange.client.paper;

import com.camelexchange.client.Positions;
import com.camelexchange.client.model.ApiVariant;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a paper exchange is set up: its account and how its orders fill. {@link #startingWith} gives the defaults a
 * component's options have; the {@code with…} methods change one setting each.
 *
 * @param variant   the API variant the program speaks, which the paper exchange speaks too
 * @param balances  what the paper account starts with, per coin (a coin not named starts at zero)
 * @param fills     how paper orders fill: the model, its share at the touch, the latency
 * @param clockSkew on the live market, how far ahead of this machine's clock (the paper exchange's) a date of the
 *                  market's data may be to be taken
 * @param clock     this machine's clock, which the paper exchange runs on when it follows the live market (a
 *                  backtest runs it on the recording's clock instead)
 * @param keptIn    where the paper account is kept between runs, as one JSON value under {@code key}; null keeps it
 *                  for this run only
 * @param key       the key of the paper account in {@code keptIn}
 */
public record PaperSettings(ApiVariant variant, Map<String, BigDecimal> balances, PaperFills fills,
                            Duration clockSkew, Clock clock, Positions keptIn, String key) {

    /** The key a paper account is kept under when none is given. */
    public static final String DEFAULT_KEY = "camel-exchange-paper";

    public PaperSettings {
        Objects.requireNonNull(variant, "variant");
        // In the order given: a HashMap's order differs from one JVM to the next, and would show in what is built from it.
        balances = Collections.unmodifiableMap(new LinkedHashMap<>(balances));
        Objects.requireNonNull(fills, "fills");
        Objects.requireNonNull(clockSkew, "clockSkew");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(key, "key");
    }

    /**
     * A paper account of variant A starting with {@code balances}, kept for this run only, filling by the default
     * model with the default latency, on this machine's clock.
     *
     * @param balances e.g. {@code usdt=10000,btc=0.5}, as {@link PaperOptions#balances} reads it
     */
    public static PaperSettings startingWith(String balances) {
        return new PaperSettings(ApiVariant.A, PaperOptions.balances(balances),
                PaperOptions.fills(null, null, PaperOptions.DEFAULT_LATENCY_MILLIS),
                Duration.ofSeconds(PaperOptions.DEFAULT_CLOCK_SKEW_SECONDS), Clock.systemUTC(), null, DEFAULT_KEY);
    }

    public PaperSettings withVariant(ApiVariant variant) {
        return new PaperSettings(variant, balances, fills, clockSkew, clock, keptIn, key);
    }

    /** @see PaperOptions#fills */
    public PaperSettings withFills(PaperFills fills) {
        return new PaperSettings(variant, balances, fills, clockSkew, clock, keptIn, key);
    }

    public PaperSettings withClock(Clock clock) {
        return new PaperSettings(variant, balances, fills, clockSkew, clock, keptIn, key);
    }

    /** @see PaperOptions#clockSkew */
    public PaperSettings withClockSkew(Duration clockSkew) {
        return new PaperSettings(variant, balances, fills, clockSkew, clock, keptIn, key);
    }

    /**
     * The account kept in {@code positions} under {@code key}: a program started again goes on with the account
     * (its balances, orders and fills) instead of the starting balances.
     */
    public PaperSettings keptIn(Positions positions, String key) {
        return new PaperSettings(variant, balances, fills, clockSkew, clock, Objects.requireNonNull(positions,
                "positions"), key);
    }
}
