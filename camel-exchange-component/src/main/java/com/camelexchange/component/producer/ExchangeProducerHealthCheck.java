package com.camelexchange.component.producer;

import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.api.ExchangeClientException;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

import java.util.Map;

/**
 * UP when the exchange answers the cheapest call (the market list) for this endpoint's address; DOWN with
 * the reason otherwise. Details name the address and the operation, never a key.
 */
public class ExchangeProducerHealthCheck extends AbstractHealthCheck {
    private final ExchangeEndpoint endpoint;

    public ExchangeProducerHealthCheck(ExchangeEndpoint endpoint) {
        super("camel", "producer:exchange-" + endpoint.getId());
        this.endpoint = endpoint;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        builder.detail("baseUrl", endpoint.getConfiguration().getBaseUrl());
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
