package com.camelexchange.kamelets;

import org.apache.camel.CamelContext;
import org.apache.camel.main.Main;

import java.util.Map;

/**
 * A Camel Main application as a user runs one: routes only in YAML files, the exchange component configured
 * by {@code camel.component.exchange.*} properties, the data formats at their defaults.
 */
final class YamlApp implements AutoCloseable {
    private final Main main = new Main();

    /**
     * @param routes     the YAML files to load, e.g. {@code classpath:flows/orders-from-files.yaml}
     * @param properties the application's properties, as application.properties would hold them
     */
    YamlApp(String routes, Map<String, String> properties) {
        properties.forEach(main::addInitialProperty);
        main.configure().withRoutesIncludePattern(routes);
    }

    YamlApp start() {
        main.start();
        return this;
    }

    CamelContext context() {
        return main.getCamelContext();
    }

    @Override
    public void close() {
        main.stop();
    }
}
