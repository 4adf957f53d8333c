package com.camelexchange.component.paper;

import com.camelexchange.client.model.ApiVariant;
import org.apache.camel.spi.StateRepository;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a component's paper exchange is set up.
 *
 * @param variant         the API variant the routes speak, which the paper exchange speaks too
 * @param balances        what the paper account starts with, per coin (a coin not named starts at zero)
 * @param fills           how paper orders fill: the model, its share at the touch, the latency
 * @param clockSkew       on the live market, how far ahead of this machine's clock (the paper exchange's) a date of
 *                        the market's data may be to be taken
 * @param clock           this machine's clock, which the paper exchange runs on when it follows the live market
 * @param stateRepository where the paper account is kept between runs; null keeps it for this run only
 * @param stateKey        the key of the paper account in {@code stateRepository}
 */
public record PaperSettings(ApiVariant variant, Map<String, BigDecimal> balances, PaperFills fills,
                            Duration clockSkew, Clock clock, StateRepository<String, String> stateRepository,
                            String stateKey) {

    public PaperSettings {
        Objects.requireNonNull(variant, "variant");
        // In the order given: a HashMap's order differs from one JVM to the next, and would show in what is built from it.
        balances = Collections.unmodifiableMap(new LinkedHashMap<>(balances));
        Objects.requireNonNull(fills, "fills");
        Objects.requireNonNull(clockSkew, "clockSkew");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(stateKey, "stateKey");
    }
}
