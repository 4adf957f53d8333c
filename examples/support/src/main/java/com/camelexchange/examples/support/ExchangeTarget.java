package com.camelexchange.examples.support;

import com.camelexchange.simulator.ExchangeSimulator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The exchange an example talks to. With {@code EXCHANGE_BASE_URL}, {@code EXCHANGE_TRADE_URL},
 * {@code EXCHANGE_ACCESS_KEY} and {@code EXCHANGE_SECRET_KEY} set, the real service they name; otherwise an
 * embedded simulator started here (variant A, synthetic traders on, a funded demo account), stopped by
 * {@link #close()}. Examples hand {@link #componentProperties()} to Camel as ordinary properties, so their
 * routes are the same in both cases.
 */
public final class ExchangeTarget implements AutoCloseable {
    /** The demo account's keys on the embedded simulator; meaningless anywhere else. */
    public static final String DEMO_ACCESS_KEY = "demo-access-key";
    public static final String DEMO_SECRET_KEY = "demo-secret-key";

    private final String baseUrl;
    private final String tradeUrl;
    private final String accessKey;
    private final String secretKey;
    private final ExchangeSimulator simulator;

    private ExchangeTarget(String baseUrl, String tradeUrl, String accessKey, String secretKey,
                           ExchangeSimulator simulator) {
        this.baseUrl = baseUrl;
        this.tradeUrl = tradeUrl;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.simulator = simulator;
    }

    /** From the process environment. */
    public static ExchangeTarget fromEnvironment() {
        return from(System::getenv);
    }

    /**
     * From the given variables: all four present selects the service they name, none selects the embedded
     * simulator, and a partial set is refused rather than silently mixing the two.
     */
    public static ExchangeTarget from(Function<String, String> environment) {
        String baseUrl = environment.apply("EXCHANGE_BASE_URL");
        String tradeUrl = environment.apply("EXCHANGE_TRADE_URL");
        String accessKey = environment.apply("EXCHANGE_ACCESS_KEY");
        String secretKey = environment.apply("EXCHANGE_SECRET_KEY");
        int given = count(baseUrl) + count(tradeUrl) + count(accessKey) + count(secretKey);
        if (given == 4) {
            return new ExchangeTarget(baseUrl, tradeUrl, accessKey, secretKey, null);
        }
        if (given > 0) {
            throw new IllegalStateException("Set all of EXCHANGE_BASE_URL, EXCHANGE_TRADE_URL, EXCHANGE_ACCESS_KEY"
                                            + " and EXCHANGE_SECRET_KEY to use a real service, or none of them"
                                            + " to use the embedded simulator");
        }
        return embedded();
    }

    /** A fresh embedded simulator with the demo account. */
    public static ExchangeTarget embedded() {
        ExchangeSimulator simulator = ExchangeSimulator.builder().seed(42).key(DEMO_ACCESS_KEY, DEMO_SECRET_KEY)
                .build().start();
        return new ExchangeTarget(simulator.baseUrl(), simulator.baseUrl(), DEMO_ACCESS_KEY, DEMO_SECRET_KEY,
                simulator);
    }

    private static int count(String value) {
        return value == null || value.isBlank() ? 0 : 1;
    }

    /**
     * The target as the four {@code EXCHANGE_*} variables, for applications that read their configuration
     * from them (the Spring Boot example's {@code application.yaml}).
     */
    public Map<String, String> environmentVariables() {
        return Map.of("EXCHANGE_BASE_URL", baseUrl, "EXCHANGE_TRADE_URL", tradeUrl,
                "EXCHANGE_ACCESS_KEY", accessKey, "EXCHANGE_SECRET_KEY", secretKey);
    }

    /** The component's options, named as in {@code application.properties}. */
    public Map<String, String> componentProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("camel.component.exchange.baseUrl", baseUrl);
        properties.put("camel.component.exchange.tradeUrl", tradeUrl);
        properties.put("camel.component.exchange.accessKey", accessKey);
        properties.put("camel.component.exchange.secretKey", secretKey);
        return properties;
    }

    public String baseUrl() {
        return baseUrl;
    }

    public String tradeUrl() {
        return tradeUrl;
    }

    /** The keys, for a client of one's own (the java-client example); never printed. */
    public String accessKey() {
        return accessKey;
    }

    public String secretKey() {
        return secretKey;
    }

    /** The embedded simulator, when there is one (tests look into it; examples never need it). */
    public Optional<ExchangeSimulator> simulator() {
        return Optional.ofNullable(simulator);
    }

    /** One line for the console: where the example is talking to. Never the keys. */
    public String describe() {
        return simulator != null
                ? "embedded exchange simulator at " + baseUrl + " (variant A, demo account)"
                : "exchange at " + baseUrl + " (trading at " + tradeUrl + ")";
    }

    @Override
    public void close() {
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Override
    public String toString() {
        return "ExchangeTarget[" + describe() + "]";
    }
}
