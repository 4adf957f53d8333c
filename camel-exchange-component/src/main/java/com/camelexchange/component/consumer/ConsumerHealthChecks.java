package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.component.ExchangeEndpoint;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.support.DefaultConsumer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Gives each consumer its health check. Camel's consumers repository shows a route's consumer's check as
 * {@code consumer:<routeId>} (with {@code camel.health.consumersEnabled}, Camel's default). Behind {@code master:}
 * the route's consumer is camel-master's, which does not show the one it runs here while this instance leads;
 * that one's check is registered in the health registry itself, as
 * {@code consumer:exchange-<operation>[-<market or coin>]}, while it runs.
 */
public final class ConsumerHealthChecks {
    /** What Camel's registry expects consumer checks to start with. */
    static final String PREFIX = "consumer:";

    private ConsumerHealthChecks() {
    }

    /**
     * The check of a consumer of {@code endpoint}. Enabled by the component's {@code healthCheckConsumerEnabled}:
     * Camel sets that on a polling consumer's check when it initializes it, a streaming consumer when it starts.
     */
    static ExchangeConsumerHealthCheck checkOf(ExchangeEndpoint endpoint, HealthReporting consumer) {
        return new ExchangeConsumerHealthCheck(PREFIX + endpoint.healthCheckName(), consumer);
    }

    /** The details every consumer's check starts with: how it reads and what; no key, no address. */
    static Map<String, Object> describe(ExchangeEndpoint endpoint, String mode) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("mode", mode);
        details.put("operation", endpoint.getOperation().name());
        if (endpoint.getOperation().needsMarket()) {
            details.put("market", endpoint.getConfiguration().getMarket());
        } else if (endpoint.getConfiguration().getCoin() != null) {
            details.put("coin", endpoint.getConfiguration().getCoin());
        }
        return details;
    }

    /**
     * When {@code consumer} is not its route's consumer (camel-master runs it on leading), registers its check in
     * the context's health registry under an id no other check has.
     *
     * @return what unregisters it again, run when the consumer stops; nothing to do for a route's own consumer or
     *         without a health registry
     */
    static Runnable registerIfHidden(DefaultConsumer consumer, ExchangeEndpoint endpoint) {
        Route route = consumer.getRoute();
        HealthCheck own = consumer.getHealthCheck();
        HealthCheckRegistry registry = HealthCheckRegistry.get(endpoint.getCamelContext());
        if (route != null && route.getConsumer() == consumer || registry == null
            || !(consumer instanceof HealthReporting reporting)) {
            return () -> { };
        }
        return register(registry, endpoint.healthCheckName(), reporting, own == null || own.isEnabled());
    }

    /**
     * Shows a feed that runs without a route (the paper exchange's of the live market) beside the consumers' checks,
     * under {@code <prefix><name>} or, when taken, the first free {@code -2}, {@code -3}...
     *
     * @return what takes it away again; nothing to do without a health registry
     */
    public static Runnable registerFeed(CamelContext context, String name, Supplier<ConsumerHealth.Report> health) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(context);
        if (registry == null) {
            return () -> { };
        }
        return register(registry, name, health::get, true);
    }

    /** Registers a check under {@code <prefix><name>}, or the first free {@code -2}, {@code -3}... when taken. */
    private static Runnable register(HealthCheckRegistry registry, String name, HealthReporting reporting,
                                     boolean enabled) {
        Set<String> taken = registry.stream().map(HealthCheck::getId).collect(Collectors.toSet());
        String base = PREFIX + name;
        String id = base;
        for (int n = 2; taken.contains(id); n++) {
            id = base + "-" + n;
        }
        ExchangeConsumerHealthCheck check = new ExchangeConsumerHealthCheck(id, reporting);
        check.setEnabled(enabled);
        registry.register(check);
        return () -> registry.unregister(check);
    }
}
