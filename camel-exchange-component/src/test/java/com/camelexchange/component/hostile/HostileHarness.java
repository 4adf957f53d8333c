package com.camelexchange.component.hostile;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.ExchangeSimulator;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.LoggingLevel;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * What the hostile-reply tests share: one Camel context on a simulator, a fresh component for each case (so that
 * the once-a-minute WARN of a refused record is this case's, and no state of an earlier case is carried over),
 * the meters the components count into, and the log of a call.
 */
final class HostileHarness implements AutoCloseable {
    static final String ACCESS_KEY = "hostile";
    static final String SECRET_KEY = "hostile-secret";
    private static final String REFUSED = "camel.exchange.replies.refused";
    private static final String UNDECODABLE = "camel.exchange.stream.undecodable";

    final CamelContext context;
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ExchangeSimulator simulator;
    private final AtomicInteger components = new AtomicInteger();

    HostileHarness(ExchangeSimulator simulator) {
        this.simulator = simulator;
        context = new DefaultCamelContext();
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
        context.start();
    }

    /** A new component on the simulator, signing with the test account's keys, reads not retried; its scheme. */
    String newComponent() {
        return newComponent(component -> { });
    }

    /** {@link #newComponent()}, with {@code setup} applied before it is added (a clock, stream timings). */
    String newComponent(Consumer<ExchangeComponent> setup) {
        ExchangeComponent component = new ExchangeComponent();
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey(ACCESS_KEY);
        component.getConfiguration().setSecretKey(SECRET_KEY);
        component.getConfiguration().setReadRetries(0);
        // The simulator serving these tests keeps no limits; each case's component is new, with budgets of its own.
        component.setClientRateLimits(false);
        component.setMeterRegistry(meters);
        setup.accept(component);
        String scheme = "hostile" + components.incrementAndGet();
        context.addComponent(scheme, component);
        return scheme;
    }

    /** Removes a component made by {@link #newComponent}, stopping what it runs. */
    void remove(String scheme) {
        context.removeComponent(scheme);
    }

    /** What the components counted as refused for an operation, from a source, in a scope. */
    double refused(String operation, String source, Scope scope) {
        Counter counter = meters.find(REFUSED).tag("operation", operation).tag("source", source)
                .tag("scope", scope.name().toLowerCase()).counter();
        return counter == null ? 0 : counter.count();
    }

    /** The pushes of a channel the components could not read ({@code camel.exchange.stream.undecodable}). */
    double undecodable(String channel) {
        Counter counter = meters.find(UNDECODABLE).tag("channel", channel).counter();
        return counter == null ? 0 : counter.count();
    }

    /** Runs {@code action} and keeps what it logged (slf4j-simple writes to the standard error). */
    static <T> Logged<T> logging(Callable<T> action) throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            T result = action.call();
            return new Logged<>(result, captured.toString(StandardCharsets.UTF_8));
        } catch (AssertionError e) {
            // A wait that timed out: what was logged meanwhile tells why.
            throw new AssertionError(e.getMessage() + "; logged meanwhile:\n"
                                     + captured.toString(StandardCharsets.UTF_8), e);
        } finally {
            System.setErr(original);
        }
    }

    /** The result of a call and its log. */
    record Logged<T>(T result, String log) {
        long warnings() {
            return log.lines().filter(line -> line.contains(" WARN ")).count();
        }

        boolean stackTrace() {
            return log.lines().anyMatch(line -> line.startsWith("\tat ") || line.startsWith("Caused by"));
        }
    }

    @Override
    public void close() {
        context.stop();
    }
}
