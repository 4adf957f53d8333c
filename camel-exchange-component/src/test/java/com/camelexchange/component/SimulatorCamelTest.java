package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import org.apache.camel.CamelContext;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;

import java.util.Properties;

/**
 * A Camel context whose {@code exchange} component (found by its scheme, not registered by hand) points
 * at a simulator; {@code {{simulator.baseUrl}}} is available to XML and YAML routes.
 */
abstract class SimulatorCamelTest extends CamelTestSupport {

    /** The simulator the context talks to; started before the context is created. */
    protected abstract ExchangeSimulator simulator();

    /** Stops the routes while the simulator still serves, so no consumer polls a stopped one. */
    @AfterEach
    void stopRoutesBeforeTheSimulator() {
        context.stop();
    }

    /** Hook to adjust the component before routes are added. */
    protected void configure(ExchangeComponent component) {
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator().baseUrl());
        configure(component);
        ExpectedFailures.unloggedIn(context);
        Properties properties = new Properties();
        properties.setProperty("simulator.baseUrl", simulator().baseUrl());
        context.getPropertiesComponent().setInitialProperties(properties);
        return context;
    }
}
