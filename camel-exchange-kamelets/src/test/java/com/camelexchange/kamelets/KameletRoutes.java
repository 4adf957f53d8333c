package com.camelexchange.kamelets;

import org.apache.camel.CamelContext;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;
import org.apache.camel.spi.Resource;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;

/**
 * A Camel context for one test: YAML routes loaded through Camel's routes loader, as an application
 * would load them, whose {@code kamelet:} endpoints find the Kamelets of this module on the classpath.
 */
final class KameletRoutes implements AutoCloseable {
    private final DefaultCamelContext context = new DefaultCamelContext();

    /**
     * @param properties values the YAML routes read as {@code {{name}}}, such as the simulator's address
     */
    KameletRoutes(Map<String, String> properties) {
        Properties initial = new Properties();
        initial.putAll(properties);
        context.getPropertiesComponent().setInitialProperties(initial);
        // Tests that provoke a failure assert it on the returned exchange; Camel need not log it as well.
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
    }

    CamelContext context() {
        return context;
    }

    /** Binds a bean that routes may name as {@code #name}. */
    KameletRoutes bind(String name, Object bean) {
        context.getRegistry().bind(name, bean);
        return this;
    }

    /** Starts the context, then loads and starts the YAML routes of a classpath resource, e.g. routes/x.yaml. */
    KameletRoutes start(String resource) throws Exception {
        Resource routes = PluginHelper.getResourceLoader(context).resolveResource("classpath:" + resource);
        if (!routes.exists()) {
            throw new IllegalArgumentException("No such resource: " + resource);
        }
        context.start();
        PluginHelper.getRoutesLoader(context).loadRoutes(routes);
        return this;
    }

    /** Starts the context, then loads and starts the routes of this YAML text. */
    KameletRoutes startYaml(String yaml) throws Exception {
        context.start();
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("routes.yaml", yaml));
        return this;
    }

    /** Starts the context with these Java routes. */
    KameletRoutes start(RouteBuilder routes) throws Exception {
        context.addRoutes(routes);
        context.start();
        return this;
    }

    /** Stops the routes (call it while the simulator still serves). */
    @Override
    public void close() {
        context.stop();
    }

    /** Waits for what the running routes make true; fails after twenty seconds. */
    static void awaitUntil(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 20 s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
