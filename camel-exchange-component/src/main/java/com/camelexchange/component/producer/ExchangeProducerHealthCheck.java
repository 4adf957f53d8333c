package com.camelexchange.component.producer;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRepository;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * UP when the exchange answers the cheapest call (the market list) for this endpoint's address; DOWN with
 * the reason otherwise. Details name the address and the operation, never a key.
 *
 * <p>Its id says what the producer does, as camel-kafka's checks name their client: {@code producer:exchange-}, the
 * operation, and the market or coin of the endpoint when it has one, e.g. {@code producer:exchange-ticker-btc_usdt}
 * or {@code producer:exchange-getAccountInfo}. Ids never hold a key, an address or another option. Another
 * endpoint whose producer already has the id (the same operation and market, other options) gets {@code -2},
 * {@code -3}...: the registry shows one check per id.
 */
public class ExchangeProducerHealthCheck extends AbstractHealthCheck {
    /** What Camel's registry expects producer checks to start with. */
    static final String PREFIX = "producer:";

    private final ExchangeEndpoint endpoint;

    public ExchangeProducerHealthCheck(ExchangeEndpoint endpoint) {
        this(endpoint, PREFIX + endpoint.healthCheckName());
    }

    ExchangeProducerHealthCheck(ExchangeEndpoint endpoint, String id) {
        super("camel", id);
        this.endpoint = endpoint;
    }

    /**
     * The check of a producer of {@code endpoint}, named so that it does not take the id of another endpoint's check
     * in {@code repository}.
     */
    static ExchangeProducerHealthCheck of(ExchangeEndpoint endpoint, HealthCheckRepository repository) {
        String base = PREFIX + endpoint.healthCheckName();
        Set<String> takenByOthers = repository.stream()
                .filter(c -> !(c instanceof ExchangeProducerHealthCheck mine) || mine.endpoint != endpoint)
                .map(HealthCheck::getId).collect(Collectors.toSet());
        String id = base;
        for (int n = 2; takenByOthers.contains(id); n++) {
            id = base + "-" + n;
        }
        return new ExchangeProducerHealthCheck(endpoint, id);
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        String replayFrom = endpoint.getComponent().getReplayFrom();
        if (replayFrom != null) {
            // A backtest reads its recording: an address, set or not, is not where its market data comes from.
            builder.detail("replayFrom", replayFrom);
        } else {
            builder.detail("baseUrl", endpoint.getConfiguration().getBaseUrl());
        }
        builder.detail("operation", endpoint.getOperation().name());
        try {
            int markets = endpoint.client().markets().size();
            builder.detail("markets", markets);
            builder.up();
        } catch (ExchangeClientException e) {
            builder.message(e.getMessage());
            builder.error(e);
            builder.down();
        }
    }
}
