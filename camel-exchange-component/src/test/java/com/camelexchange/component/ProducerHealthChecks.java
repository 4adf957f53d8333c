package com.camelexchange.component;

import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.DefaultHealthCheckRegistry;
import org.apache.camel.impl.health.ProducersHealthCheckRepository;

/** The health-check registry a test's context needs to see producer checks: Camel leaves them off by default. */
final class ProducerHealthChecks {
    private ProducerHealthChecks() {
    }

    /** Installs, on a context not started yet, a registry with producer checks enabled; more can be added to it. */
    static HealthCheckRegistry installOn(CamelContext context) {
        HealthCheckRegistry registry = new DefaultHealthCheckRegistry();
        registry.setCamelContext(context);
        ProducersHealthCheckRepository producers = new ProducersHealthCheckRepository();
        producers.setEnabled(true);
        registry.register(producers);
        context.getCamelContextExtension().addContextPlugin(HealthCheckRegistry.class, registry);
        return registry;
    }
}
